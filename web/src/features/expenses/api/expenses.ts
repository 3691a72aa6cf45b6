import type { BulkExpenseEventsBody, CreateExpenseBody, Expense, ExpenseEventBody, ExpenseQuery, UpdateExpenseBody } from '@rota/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about expenses starts with this key. */
export const expensesKey = ['expenses'] as const
export const expenseKey = (id: string) => [...expensesKey, 'one', id] as const

export type ExpensesRequest = z.input<typeof ExpenseQuery>

/**
 * `GET /expense`: a page of the claims the reader may see (their own; everyone's for someone who approves).
 * @example
 * const claims = useExpenseList({ page: 1, page_size: 20, filter: { status: 'submitted' } })
 */
export function useExpenseList(query: ExpensesRequest) {
  const api = useApi()
  return useQuery({
    queryKey: [...expensesKey, 'list', query],
    queryFn: ({ signal }) => api.listExpenses({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/** `GET /expense/{id}`: one claim with its receipt and allowed events. */
export function useExpense(id: string) {
  const api = useApi()
  return useQuery({ queryKey: expenseKey(id), queryFn: ({ signal }) => api.getExpense({ params: { id } }, { silent: true, signal }) })
}

function changed(queryClient: QueryClient, ...expenses: Expense[]) {
  for (const expense of expenses) queryClient.setQueryData(expenseKey(expense.id), expense)
  return queryClient.invalidateQueries({ queryKey: expensesKey })
}

/** `POST /expense`: a new claim (mileage priced by the server). */
export function useCreateExpense() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateExpenseBody>) => api.createExpense({ body }, { silent: 'errors' }),
    onSuccess: (expense) => changed(queryClient, expense),
  })
}

/** `PUT /expense/{id}`: a change of a submitted claim, with the version read. */
export function useUpdateExpense() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof UpdateExpenseBody> }) => api.updateExpense({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (expense) => changed(queryClient, expense),
  })
}

/** `DELETE /expense/{id}`: a submitted claim withdrawn. */
export function useDeleteExpense() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteExpense({ params: { id } }, { silent: 'errors' }),
    onSuccess: () => changed(queryClient),
  })
}

/**
 * `POST /expense/{id}/events`: approve, reject with a reason, or reimburse by hand, with the version read.
 * @example
 * await useExpenseEvent().mutateAsync({ id, body: { type: 'expense.reject', version, reason: 'No receipt' } })
 */
export function useExpenseEvent() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ExpenseEventBody }) => api.expenseEvent({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (expense) => changed(queryClient, expense),
  })
}

/**
 * `POST /expense/events`: approve or reject many claims at once, all or none. A refusal names
 * the claim that stopped it (`details.id`, see refusedId); the screen says what was done and
 * what was refused itself, so the call is silent.
 * @example
 * await useExpenseEvents().mutateAsync({ type: 'expense.reject', ids, reason: 'No receipts' })
 */
export function useExpenseEvents() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof BulkExpenseEventsBody>) => api.expenseEvents({ body }, { silent: true }),
    onSuccess: (answer) => changed(queryClient, ...answer.expenses),
  })
}
