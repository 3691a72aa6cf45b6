import type { Alert } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { InfoIcon, WarningIcon } from '../../../components/ui/icons.tsx'
import { useAlerts } from '../api/get-alerts.ts'

/** The alerts the server sends today, translated under `alerts.` in the common namespace. */
export const ALERT_KEYS = ['setup_incomplete', 'invites_expired', 'mail_not_configured'] as const

/** Said already by the setup guide's badge, which also honours "Remind Me Later". */
const SHOWN_ELSEWHERE = new Set(['setup_incomplete', 'alerts.setup_incomplete'])
type AlertKey = (typeof ALERT_KEYS)[number]

/** An alert's words: its key translated with its values, or a general line for a key this version does not know. */
function useAlertText() {
  const { t } = useTranslation()
  return (alert: Alert) => {
    const name = alert.key.replace(/^alerts\./, '')
    return (ALERT_KEYS as readonly string[]).includes(name) ? t(`alerts.${name as AlertKey}`, alert.values) : t('alerts.generic')
  }
}

/**
 * The standing notices above every page, fetched only for users who may read the
 * settings (SPEC.md §6).
 * @example
 * <AlertsBanner enabled={can(user, 'settings', 'read')} />
 */
export function AlertsBanner({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation()
  const { data = [] } = useAlerts(enabled)
  const alerts = data.filter((alert) => !SHOWN_ELSEWHERE.has(alert.key))
  const text = useAlertText()
  if (!enabled || alerts.length === 0) return null
  return (
    <section aria-label={t('alerts.label')} className="space-y-2 border-b border-tertiary-200 bg-tertiary-50 px-4 py-3 sm:px-6 lg:px-10">
      {alerts.map((alert) => {
        const Icon = alert.level === 'warning' ? WarningIcon : InfoIcon
        return (
          <p key={alert.id} className="flex items-center gap-2 text-sm text-tertiary-800">
            <Icon className="size-4 shrink-0" />
            <span className="min-w-0 flex-1">{text(alert)}</span>
            {alert.link?.startsWith('/') && (
              <Link href={alert.link} className="shrink-0 font-semibold underline underline-offset-2 hover:no-underline">
                {t('alerts.open')}
              </Link>
            )}
          </p>
        )
      })}
    </section>
  )
}
