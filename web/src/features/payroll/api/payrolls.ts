import type { ManualLineBody, Payroll, PayrollEventBody, PayrollMarginQuery, PayrollQuery, PayrollReportQuery } from '@rota/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about pay runs and payslips starts with this key. */
export const payrollsKey = ['payrolls'] as const
export const payrollKey = (id: string) => [...payrollsKey, 'one', id] as const

/** `GET /payroll`: a page of pay runs, newest period first. */
export function usePayrollList(query: z.input<typeof PayrollQuery>) {
  const api = useApi()
  return useQuery({ queryKey: [...payrollsKey, 'list', query], queryFn: ({ signal }) => api.listPayrolls({ query }, { silent: true, signal }), placeholderData: keepPreviousData })
}

/** `GET /payroll/{id}`: a run with each person's lines and who still has hours waiting. */
export function usePayroll(id: string) {
  const api = useApi()
  return useQuery({ queryKey: payrollKey(id), queryFn: ({ signal }) => api.getPayroll({ params: { id } }, { silent: true, signal }) })
}

function changed(queryClient: QueryClient, payroll?: Payroll) {
  if (payroll) queryClient.setQueryData(payrollKey(payroll.id), payroll)
  return Promise.all([queryClient.invalidateQueries({ queryKey: payrollsKey }), queryClient.invalidateQueries({ queryKey: ['expenses'] })])
}

/** `POST /payroll`: a draft for the pay period holding a day. */
export function useCreatePayroll() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (date: string) => api.createPayroll({ body: { date } }, { silent: 'errors' }), onSuccess: (payroll) => changed(queryClient, payroll) })
}

/** `PUT /payroll/{id}`: a draft's notes and its manual lines, the whole list. */
export function useUpdatePayroll() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version, notes, manual_lines }: { id: string; version: number; notes?: string | null; manual_lines?: ManualLineBody[] }) =>
      api.updatePayroll({ params: { id }, body: { version, ...(notes !== undefined ? { notes } : {}), ...(manual_lines ? { manual_lines } : {}) } }, { silent: 'errors' }),
    onSuccess: (payroll) => changed(queryClient, payroll),
  })
}

/** `POST /payroll/{id}/recalculate`: a draft counted again. */
export function useRecalculatePayroll() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => api.recalculatePayroll({ params: { id }, body: { version } }, { silent: 'errors' }),
    onSuccess: (payroll) => changed(queryClient, payroll),
  })
}

/** `POST /payroll/{id}/events`: approve, then mark paid. */
export function usePayrollEvent() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PayrollEventBody }) => api.payrollEvent({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (payroll) => changed(queryClient, payroll),
  })
}

/** `DELETE /payroll/{id}`: a draft given up. */
export function useDeletePayroll() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (id: string) => api.deletePayroll({ params: { id } }, { silent: 'errors' }), onSuccess: () => changed(queryClient) })
}

/** `GET /payroll/{id}/payslip/{staff_id}`: one person's payslip. */
export function usePayslip(id: string, staffId: string) {
  const api = useApi()
  return useQuery({ queryKey: [...payrollsKey, 'payslip', id, staffId], queryFn: ({ signal }) => api.getPayslip({ params: { id, staff_id: staffId } }, { silent: true, signal }) })
}

/** `GET /payslip`: the reader's own payslips. */
export function useMyPayslips(page: number) {
  const api = useApi()
  return useQuery({ queryKey: [...payrollsKey, 'mine', page], queryFn: ({ signal }) => api.listPayslips({ query: { page, page_size: 20 } }, { silent: true, signal }), placeholderData: keepPreviousData })
}

/** `GET /report/payroll`: what approved and paid runs paid, by period and person. */
export function usePayrollReport(query: PayrollReportQuery) {
  const api = useApi()
  return useQuery({ queryKey: [...payrollsKey, 'report', query], queryFn: ({ signal }) => api.payrollReport({ query }, { silent: true, signal }), placeholderData: keepPreviousData })
}

/** `GET /report/payroll/margin`: labour cost against invoiced value per client. */
export function usePayrollMargin(query: PayrollMarginQuery) {
  const api = useApi()
  return useQuery({ queryKey: [...payrollsKey, 'margin', query], queryFn: ({ signal }) => api.payrollMargin({ query }, { silent: true, signal }), placeholderData: keepPreviousData })
}
