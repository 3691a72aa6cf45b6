import type { CreateTimesheetBody, DeclineProposalBody, ProposeCorrectionBody, Timesheet, TimesheetEventBody, UpdateTimesheetBody } from '@rota/core'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { timesheetKey } from './get-timesheet.ts'
import { timesheetsKey } from './list-timesheets.ts'

/** One timesheet changed: its own cache takes the answer, every list and report is read again. */
function changed(queryClient: QueryClient, timesheets: readonly Timesheet[]) {
  for (const timesheet of timesheets) queryClient.setQueryData(timesheetKey(timesheet.id), timesheet)
  return Promise.all([queryClient.invalidateQueries({ queryKey: timesheetsKey }), queryClient.invalidateQueries({ queryKey: ['timesheet-report'] })])
}

/**
 * `PUT /timesheet/{id}`: a manager's correction with its reason and the version read (a stale one: 409).
 * @example
 * await useUpdateTimesheet().mutateAsync({ id, body: { start: '08:30', reason: 'Opened early', version } })
 */
export function useUpdateTimesheet() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTimesheetBody }) => api.updateTimesheet({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (timesheet) => changed(queryClient, [timesheet]),
  })
}

/**
 * `POST /timesheet`: hours worked without a shift, added by a manager.
 * @example
 * await useCreateTimesheet().mutateAsync({ staff_id, location_id, service_id, date, start, end })
 */
export function useCreateTimesheet() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateTimesheetBody>) => api.createTimesheet({ body }, { silent: 'errors' }),
    onSuccess: (timesheet) => changed(queryClient, [timesheet]),
  })
}

/**
 * `POST /timesheet/{id}/events`: approve, reject (with a note) or reopen, with the version read.
 * @example
 * useTimesheetEvent().mutateAsync({ id, body: { type: 'timesheet.approve', version } })
 */
export function useTimesheetEvent() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TimesheetEventBody }) => api.timesheetEvent({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (timesheet) => changed(queryClient, [timesheet]),
  })
}

/**
 * `POST /timesheet/events`: approve many at once (a week), all or none.
 * @example
 * useApproveTimesheets().mutateAsync(ids)
 */
export function useApproveTimesheets() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) => api.timesheetEvents({ body: { type: 'timesheet.approve', ids } }),
    onSuccess: (answer) => changed(queryClient, answer.timesheets),
  })
}

/**
 * `PUT /timesheet/{id}/proposal`: a staff member proposes a correction of their own hours, with
 * why and the version read; it replaces one they proposed before.
 * @example
 * await useProposeCorrection().mutateAsync({ id, body: { end: '17:30', reason: 'Forgot to clock out', version } })
 */
export function useProposeCorrection() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProposeCorrectionBody }) => api.proposeTimesheetCorrection({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (timesheet) => changed(queryClient, [timesheet]),
  })
}

/**
 * `DELETE /timesheet/{id}/proposal`: its proposer withdraws a proposed correction, at the version read.
 * @example
 * await useWithdrawProposal().mutateAsync({ id, version })
 */
export function useWithdrawProposal() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => api.withdrawTimesheetProposal({ params: { id }, query: { version } }, { silent: 'errors' }),
    onSuccess: (timesheet) => changed(queryClient, [timesheet]),
  })
}

/**
 * `POST /timesheet/{id}/proposal/accept` or `…/decline`: a manager decides a proposed
 * correction (a decline with a reason, if given), at the version read.
 * @example
 * await useDecideProposal().mutateAsync({ id, decision: 'decline', body: { version, reason: 'The door log says 17:02' } })
 */
export function useDecideProposal() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision, body }: { id: string; decision: 'accept' | 'decline'; body: DeclineProposalBody }) =>
      decision === 'accept'
        ? api.acceptTimesheetProposal({ params: { id }, body: { version: body.version } }, { silent: 'errors' })
        : api.declineTimesheetProposal({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (timesheet) => changed(queryClient, [timesheet]),
  })
}
