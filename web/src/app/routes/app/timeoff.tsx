import { useTranslation } from 'react-i18next'
import { Link, Route, Switch, useLocation, useSearch } from 'wouter'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { paths } from '../../../config/paths.ts'
import { CategoriesTable } from '../../../features/timeoff/components/categories-table.tsx'
import { CategoryPanel } from '../../../features/timeoff/components/category-panel.tsx'
import { RequestPanel } from '../../../features/timeoff/components/request-panel.tsx'
import { RequestsTable } from '../../../features/timeoff/components/requests-table.tsx'
import { TeamCalendar } from '../../../features/timeoff/components/team-calendar.tsx'
import { useCan } from '../../../lib/permissions.ts'

/** Time off: /timeoff (and /timeoff/timeoff-requests) the requests and who is away (SPEC.md §2), and the categories. */
export function TimeoffArea() {
  return (
    <Switch>
      <Route path={paths.timeoffCategories.pattern}>
        <TimeoffCategoriesPage />
      </Route>
      <Route>
        <TimeoffRequestsPage />
      </Route>
    </Switch>
  )
}

const VIEWS = ['list', 'calendar'] as const

/**
 * The requests the reader may see, or the team calendar of who is away (`?view=calendar`),
 * the request open in its panel, and asking for time off.
 */
function TimeoffRequestsPage() {
  const { t } = useTranslation('app')
  const record = useOpenRecord()
  const [location] = useLocation()
  const search = useSearch()
  const canAsk = useCan('timeoff-requests', 'create')
  const decides = useCan('timeoff-requests', 'update')
  const view = new URLSearchParams(search).get('view') === 'calendar' ? 'calendar' : 'list'
  const hrefOf = (next: (typeof VIEWS)[number]) => {
    const params = new URLSearchParams(search)
    params.delete('page')
    params.delete('id')
    if (next === 'calendar') params.set('view', 'calendar')
    else params.delete('view')
    const query = params.toString()
    return query ? `${location}?${query}` : location
  }
  return (
    <>
      <PageHeading
        title={t('pages.timeoffRequests.title')}
        description={decides ? t('pages.timeoffRequests.description') : t('pages.timeoffRequests.descriptionOwn')}
        actions={
          canAsk && (
            <Button onClick={record.openNew}>
              <PlusIcon className="size-4" />
              {t('timeoff.add')}
            </Button>
          )
        }
      />
      <nav aria-label={t('timeoff.views.label')} className="mb-4 inline-flex rounded-lg bg-slate-100 p-1">
        {VIEWS.map((option) => (
          <Link
            key={option}
            href={hrefOf(option)}
            aria-current={view === option ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {t(`timeoff.views.${option}`)}
          </Link>
        ))}
      </nav>
      {view === 'calendar' ? <TeamCalendar decides={decides} /> : <RequestsTable decides={decides} />}
      <RequestPanel decides={decides} />
    </>
  )
}

/** The kinds of time off: the list, the category open in its panel, and a new category. */
function TimeoffCategoriesPage() {
  const { t } = useTranslation('app')
  const record = useOpenRecord()
  const canCreate = useCan('timeoff-categories', 'create')
  return (
    <>
      <PageHeading
        title={t('pages.timeoffCategories.title')}
        description={t('pages.timeoffCategories.description')}
        actions={
          canCreate && (
            <Button onClick={record.openNew}>
              <PlusIcon className="size-4" />
              {t('timeoff.categories.add')}
            </Button>
          )
        }
      />
      <CategoriesTable />
      <CategoryPanel />
    </>
  )
}
