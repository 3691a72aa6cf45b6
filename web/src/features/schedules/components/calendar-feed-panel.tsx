import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyIcon, RefreshIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useCalendarFeed } from '../api/get-calendar-feed.ts'
import { useResetCalendarFeed } from '../api/reset-calendar-feed.ts'

/**
 * The person's private calendar address: copied into Google, Apple or Outlook calendars, it
 * shows their published shifts there; a new address (after asking) retires the old one.
 * @example
 * <CalendarFeedPanel />
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation('app')
  const feed = useCalendarFeed()
  const reset = useResetCalendarFeed()
  const [copied, setCopied] = useState(false)
  const [asking, setAsking] = useState(false)
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => {})
    setCopied(true)
  }
  return (
    <Panel title={t('schedules.feed.title')} description={t('schedules.feed.description')}>
      {feed.isPending && <Spinner className="size-5 text-primary-700" label={t('schedules.feed.loading')} />}
      {feed.isError && <Alert tone="error">{errorText(feed.error)}</Alert>}
      {feed.data && (
        <div className="space-y-3">
          <label htmlFor="calendar-feed" className="block text-sm font-medium text-slate-800">
            {t('schedules.feed.address')}
          </label>
          <input
            id="calendar-feed"
            readOnly
            value={feed.data.url}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-lg border-0 bg-slate-50 px-3 py-2.5 font-mono text-xs text-slate-800 ring-1 ring-slate-300 ring-inset"
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void copy(feed.data.url)}>
              <CopyIcon className="size-4" />
              {copied ? t('schedules.feed.copied') : t('schedules.feed.copy')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              <RefreshIcon className="size-4" />
              {t('schedules.feed.reset')}
            </Button>
          </div>
          <p className="text-xs text-slate-600">{t('schedules.feed.private')}</p>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={t('schedules.feed.resetTitle')}
        confirmLabel={t('schedules.feed.reset')}
        pending={reset.isPending}
        error={reset.error && errorText(reset.error)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setAsking(false)
              setCopied(false)
            },
          })
        }
        onClose={() => setAsking(false)}
      >
        {t('schedules.feed.resetText')}
      </ConfirmDialog>
    </Panel>
  )
}
