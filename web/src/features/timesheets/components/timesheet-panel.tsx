import type { Timesheet } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HistoryTab, type HistoryField } from '../../../components/records/history-tab.tsx'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { RecordPanel, RecordPanelBody, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { shortId } from '../../../components/records/short-id.ts'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { formatDay } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useChoices } from '../../../lib/record-choices.ts'
import { useSession } from '../../../lib/services.tsx'
import { useTimesheetEvent } from '../api/change-timesheet.ts'
import { useReloadTimesheet, useTimesheetRecord } from '../api/get-timesheet.ts'
import { CorrectionForm } from './correction-form.tsx'
import { NewTimesheetPanel } from './new-timesheet-panel.tsx'
import { OwnTimesheetDetails } from './own-timesheet-details.tsx'
import { ProposalActions } from './proposal-actions.tsx'
import { ProposalSummary } from './proposal-summary.tsx'
import { TimesheetSummary } from './timesheet-summary.tsx'

/**
 * The timesheet open in the address (`/timesheets?id=…`, or `id=new` for hours worked
 * without a shift): what it says, Approve, Reject (with a note) or Reopen as its machine
 * allows, a manager's correction while it is pending, and its history. A correction its
 * staff member proposed shows beside the hours counted: a manager accepts or declines it
 * (before anything else), its proposer withdraws it or proposes again (decision 038).
 * @example
 * <TimesheetsWeek />
 * <TimesheetPanel />
 */
export function TimesheetPanel() {
  const record = useOpenRecord()
  if (record.isNew) return <NewTimesheetPanel onClose={record.close} />
  if (record.id) return <OpenTimesheetPanel key={record.id} id={record.id} onClose={record.close} />
  return null
}

/** The status a timesheet shows: its machine's, or locked once an approved payroll counted it. */
export const shownStatus = (timesheet: Pick<Timesheet, 'status' | 'locked'>) => (timesheet.locked ? 'locked' : timesheet.status)

function OpenTimesheetPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('app')
  const timesheet = useTimesheetRecord(id)
  const reload = useReloadTimesheet()
  const event = useTimesheetEvent()
  const canCorrect = useCan('timesheets', 'update')
  const userId = useSession((state) => state.context.user?.id)
  const fields = useTimesheetFields(timesheet.data)
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!timesheet.data) return <RecordPanelPending error={timesheet.error} onClose={onClose} />
  const sheet = timesheet.data
  const correctable = canCorrect && sheet.status === 'pending' && sheet.ended_at !== null && !sheet.locked
  const own = !canCorrect && sheet.staff.id === userId
  const proposal = sheet.proposal && <ProposalSummary timesheet={sheet} proposal={sheet.proposal} />

  return (
    <RecordPanel
      open
      onClose={onClose}
      title={t('timesheets.panel.title', { name: sheet.staff.name, date: formatDay(`${sheet.date}T12:00:00Z`, currentLocale(i18n), 'UTC') })}
      description={`${sheet.location.name} · ${sheet.service.name}`}
      dirty={dirty}
      busy={busy}
      status={<StatusBadge lifecycle="timesheet" status={shownStatus(sheet)} />}
      actions={
        sheet.proposal && (canCorrect || own) ? (
          <ProposalActions timesheet={sheet} deciding={canCorrect} onReload={() => void reload(sheet.id)} />
        ) : (
          <RecordActions
            allowed={sheet.allowed_events}
            options={{
              'timesheet.approve': { tone: 'primary' },
              'timesheet.reject': { reason: { label: t('timesheets.panel.rejectNote'), field: 'note', optional: true } },
            }}
            onReload={() => void reload(sheet.id)}
            send={(type, payload) => event.mutateAsync({ id: sheet.id, body: { type, version: sheet.version, ...payload } as never })}
          />
        )
      }
      history={<HistoryTab route="timesheetHistory" id={sheet.id} fields={fields} actions={{ clock_in: t('timesheets.history.clockIn'), clock_out: t('timesheets.history.clockOut'), forgotten_clock_out: t('timesheets.history.forgotten'), break_start: t('timesheets.history.breakStart'), break_end: t('timesheets.history.breakEnd'), approve: t('timesheets.history.approved'), reject: t('timesheets.history.rejected'), reopen: t('timesheets.history.reopened'), update: t('timesheets.history.corrected'), propose: t('timesheets.history.proposed'), withdraw_proposal: t('timesheets.history.proposalWithdrawn'), accept_proposal: t('timesheets.history.proposalAccepted'), decline_proposal: t('timesheets.history.proposalDeclined') }} />}
    >
      {correctable ? (
        <CorrectionForm key={sheet.version} timesheet={sheet} onSaved={onClose} onDirty={setDirty} onBusy={setBusy}>
          <TimesheetSummary timesheet={sheet} />
          {proposal}
        </CorrectionForm>
      ) : own ? (
        <OwnTimesheetDetails timesheet={sheet} onDirty={setDirty} onBusy={setBusy}>
          <TimesheetSummary timesheet={sheet} />
        </OwnTimesheetDetails>
      ) : (
        <RecordPanelBody>
          <TimesheetSummary timesheet={sheet} />
          {proposal}
        </RecordPanelBody>
      )}
    </RecordPanel>
  )
}

/**
 * How a timesheet's history names the fields its audit rows hold: people, clients and services by
 * name — the timesheet's own, and the others the reader may list — never by id.
 */
function useTimesheetFields(sheet: Timesheet | undefined): Record<string, HistoryField> {
  const { t } = useTranslation('app')
  const clients = useChoices('locations', useCan('locations', 'read'))
  const services = useChoices('services', useCan('services', 'read'))
  const names = new Map([...(clients.data ?? []), ...(services.data ?? []), ...(sheet ? [sheet.location, sheet.service, sheet.staff] : [])].map(({ id, name }) => [id, name]))
  const named = (value: unknown) => (typeof value === 'string' ? (names.get(value) ?? shortId(value)) : '')
  return {
    staff_id: { label: t('timesheets.fields.staff'), format: named },
    started_at: { label: t('timesheets.fields.start'), format: 'instant' },
    ended_at: { label: t('timesheets.fields.end'), format: 'instant' },
    break_minutes: { label: t('timesheets.fields.break'), format: 'minutes' },
    location_id: { label: t('timesheets.fields.client'), format: named },
    service_id: { label: t('timesheets.fields.service'), format: named },
    notes: { label: t('timesheets.fields.notes') },
    correction_reason: { label: t('timesheets.fields.reason') },
    proposed_started_at: { label: t('timesheets.history.proposedStart'), format: 'instant' },
    proposed_ended_at: { label: t('timesheets.history.proposedEnd'), format: 'instant' },
    proposed_break_minutes: { label: t('timesheets.history.proposedBreak'), format: 'minutes' },
    proposal_reason: { label: t('timesheets.proposal.why') },
    flags: { label: t('timesheets.flags.label'), format: (kinds) => (Array.isArray(kinds) ? [...new Set(kinds.map((kind) => t(`timesheets.flags.short.${kind as 'corrected'}`)))].join(', ') : '') },
    status: { label: t('timesheets.fields.status'), format: (status) => <StatusBadge lifecycle="timesheet" status={status as Timesheet['status']} /> },
    note: { label: t('timesheets.panel.rejectNote') },
  }
}
