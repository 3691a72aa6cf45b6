import type { ApiFunctions, Invoice, InvoiceEventBody, InvoiceQuery, InvoiceReportQuery, UpdateInvoiceBody, CreateInvoiceBody } from '@rota/core'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useRecord } from '../../../lib/record-query.ts'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about invoices (lists, one invoice, its link, the report) starts with this key. */
export const invoicesKey = ['invoices'] as const

export type InvoicesRequest = z.input<typeof InvoiceQuery>

export function invoicesQueryOptions(api: ApiFunctions, query: InvoicesRequest) {
  return queryOptions({
    queryKey: [...invoicesKey, 'list', query],
    queryFn: ({ signal }) => api.listInvoices({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * `GET /invoice`: a page of invoices by status, client, overdue; the page shown stays while the next loads.
 * @example
 * const invoices = useInvoiceList(list.request)
 */
export function useInvoiceList(query: InvoicesRequest) {
  const api = useApi()
  return useQuery(invoicesQueryOptions(api, query))
}

export const invoiceKey = (id: string) => [...invoicesKey, 'invoice', id] as const

/**
 * `GET /invoice/{id}`: the whole invoice (lines, taxes, payments, allowed events).
 * @example
 * const invoice = useInvoiceRecord(id)
 */
export function useInvoiceRecord(id: string) {
  const api = useApi()
  return useRecord<Invoice>({
    queryKey: invoiceKey(id),
    // The list holds summaries, not whole invoices: nothing to show from it.
    listKey: [...invoicesKey, 'none'],
    id,
    fetch: (signal) => api.getInvoice({ params: { id } }, { silent: true, signal }),
  })
}

/**
 * `GET /invoice/proposal`: the client's approved, not yet invoiced hours of a period.
 * @example
 * const proposal = useInvoiceProposal({ location_id, period_from, period_to })
 */
export function useInvoiceProposal(query: { location_id: string; period_from: string; period_to: string; invoice_id?: string } | null) {
  const api = useApi()
  return useQuery({
    queryKey: [...invoicesKey, 'proposal', query],
    queryFn: ({ signal }) => api.invoiceProposal({ query: query! }, { silent: true, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  })
}

/**
 * Creates a draft (`POST /invoice`) or changes one (`PUT /invoice/{id}`, with its version).
 * @example
 * const invoice = await useSaveInvoice().mutateAsync({ body })
 */
export function useSaveInvoice() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: z.input<typeof CreateInvoiceBody> | z.input<typeof UpdateInvoiceBody> }) =>
      id
        ? api.updateInvoice({ params: { id }, body: body as z.input<typeof UpdateInvoiceBody> }, { silent: 'errors' })
        : api.createInvoice({ body: body as z.input<typeof CreateInvoiceBody> }, { silent: 'errors' }),
    onSuccess: async (invoice) => {
      queryClient.setQueryData(invoiceKey(invoice.id), invoice)
      await queryClient.invalidateQueries({ queryKey: invoicesKey })
      await queryClient.invalidateQueries({ queryKey: ['history', 'invoiceHistory', invoice.id] })
    },
  })
}

/**
 * `POST /invoice/{id}/events`: send, a payment, or void, with the version read.
 * @example
 * await useSendInvoiceEvent().mutateAsync({ id, body: { type: 'invoice.send', version } })
 */
export function useSendInvoiceEvent() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof InvoiceEventBody> }) => api.invoiceEvent({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: async (invoice) => {
      queryClient.setQueryData(invoiceKey(invoice.id), invoice)
      // An event never changes the client's link; a void one has none left to read.
      await queryClient.invalidateQueries({ queryKey: invoicesKey, predicate: (query) => query.queryKey[1] !== 'link' })
      await queryClient.invalidateQueries({ queryKey: ['history', 'invoiceHistory', invoice.id] })
    },
  })
}

/**
 * `GET /invoice/{id}/link`: the client's link to a sent invoice, and its PDF.
 * @example
 * const link = useInvoiceLink(invoice.id, invoice.status !== 'draft')
 */
export function useInvoiceLink(id: string, enabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: [...invoicesKey, 'link', id],
    queryFn: ({ signal }) => api.getInvoiceLink({ params: { id } }, { silent: true, signal }),
    enabled,
  })
}

/**
 * `POST /invoice/{id}/link`: a new link for the client; the previous one stops working.
 * @example
 * await useRenewInvoiceLink().mutateAsync(invoice.id)
 */
export function useRenewInvoiceLink() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.renewInvoiceLink({ params: { id } }),
    onSuccess: async (link, id) => {
      queryClient.setQueryData([...invoicesKey, 'link', id], link)
      await queryClient.invalidateQueries({ queryKey: ['history', 'invoiceHistory', id] })
    },
  })
}

export type InvoiceReportRequest = z.input<typeof InvoiceReportQuery>

/**
 * `GET /report/invoice`: revenue by month and client, and what is owed by age.
 * @example
 * const report = useInvoiceReport({ from: '2026-01-01', to: '2026-12-31' })
 */
export function useInvoiceReport(query: InvoiceReportRequest) {
  const api = useApi()
  return useQuery({
    queryKey: [...invoicesKey, 'report', query],
    queryFn: ({ signal }) => api.invoiceReport({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The clients an invoice may be for, as select options (the first hundred active ones, by name).
 * @example
 * const clients = useInvoiceClients()
 */
export function useInvoiceClients() {
  const api = useApi()
  return useQuery({
    queryKey: [...invoicesKey, 'clients'],
    queryFn: async ({ signal }) => (await api.listLocations({ query: { page_size: 100, sort: 'name', filter: { active: 'true' } } }, { silent: true, signal })).rows.map((row) => ({ value: row.id, label: row.name })),
  })
}

/**
 * `GET /public/invoice/{credentials}/{id}`: an invoice through its client's link, without signing in.
 * @example
 * const invoice = usePublicInvoice(params.credentials, params.id)
 */
export function usePublicInvoice(credentials: string, id: string) {
  const api = useApi()
  return useQuery({
    queryKey: ['public-invoice', credentials, id],
    queryFn: ({ signal }) => api.publicInvoice({ params: { credentials, id } }, { silent: true, signal }),
    retry: false,
  })
}
