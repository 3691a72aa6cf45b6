import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../ui/empty-state.tsx'
import { PageHeading } from '../ui/page-heading.tsx'

/** The pages whose screens later issues build; each has a title, a description and an empty-state line in `app`. */
export const AREA_PAGES = [
  'schedules',
  'invoices',
  'invoicesCreate',
  'invoicesEdit',
  'invoicesPreview',
  'expenses',
  'expensesCreate',
  'expensesEdit',
  'payrolls',
  'payrollsCreate',
  'payrollsEdit',
  'payrollsPreview',
  'support',
  'faq',
  'chat',
  'announcements',
  'communicationsFaqs',
  'auditLogs',
  'reportPayroll',
  'reportInvoice',
  'publicInvoice',
] as const
export type AreaPageKey = (typeof AREA_PAGES)[number]

/**
 * A page of an area that later work fills in: its real heading and what will appear,
 * instead of a blank screen. `actions` are the page's buttons, already filtered by permission.
 * @example
 * <AreaPage page="schedules" icon={CalendarIcon} actions={canCreate && <Button>…</Button>} />
 */
export function AreaPage({
  page,
  icon,
  actions,
  tabs,
  children,
}: {
  page: AreaPageKey
  icon?: ComponentType<{ className?: string }>
  actions?: ReactNode
  /** The area's own navigation, under the heading. */
  tabs?: ReactNode
  children?: ReactNode
}) {
  const { t } = useTranslation('app')
  return (
    <>
      <PageHeading title={t(`pages.${page}.title`)} description={t(`pages.${page}.description`)} actions={actions} />
      {tabs}
      <EmptyState title={t('empty.title')} description={t(`pages.${page}.empty`)} {...(icon ? { icon } : {})}>
        {children}
      </EmptyState>
    </>
  )
}
