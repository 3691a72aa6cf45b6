import type { ApiFunctions, Invoice, UninvoicedClient } from '@rota/core'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useApi } from '../../../lib/services.tsx'
import { invoicesKey } from './invoices.ts'

/** A period of business days, both included. */
export interface InvoicePeriod {
  from: string
  to: string
}

export function uninvoicedQueryOptions(api: ApiFunctions, period: InvoicePeriod) {
  return queryOptions({
    queryKey: [...invoicesKey, 'uninvoiced', period],
    queryFn: ({ signal }) => api.uninvoicedClients({ query: period }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * `GET /invoice/uninvoiced`: every client with approved hours or billable expenses a draft for
 * the period would bill, by name, with their counts and subtotal; none asked while `period` is null.
 * @example
 * const clients = useUninvoicedClients({ from: '2026-03-01', to: '2026-03-31' })
 */
export function useUninvoicedClients(period: InvoicePeriod | null) {
  const api = useApi()
  return useQuery({ ...uninvoicedQueryOptions(api, period ?? { from: '', to: '' }), enabled: period !== null })
}

/** A client's draft, made. */
export interface MadeDraft {
  client: UninvoicedClient['client']
  invoice: Invoice
}

/** A client's draft, refused: why (the server's message in the reader's language, or a failure to reach it). */
export interface RefusedDraft {
  client: UninvoicedClient['client']
  error: unknown
}

/** What became of one client's draft. */
export type DraftOutcome = MadeDraft | RefusedDraft

/**
 * `POST /invoice` for each client in turn, the period's draft billing everything they have. A
 * refusal is kept as that client's outcome and the others go on; `onDraft` hears each one as it
 * comes. Each client's draft of a period keeps one Idempotency-Key for as long as the hook
 * lives, so trying a failed one again replays a draft the server made but whose answer was
 * lost, rather than making a second. The invoices are read again once all are done.
 * @example
 * const outcomes = await useCreateDrafts().mutateAsync({ period, clients, onDraft: (outcome) => … })
 */
export function useCreateDrafts() {
  const api = useApi()
  const queryClient = useQueryClient()
  const keys = useRef(new Map<string, string>())
  const keyOf = (clientId: string, period: InvoicePeriod) => {
    const draft = `${clientId}/${period.from}/${period.to}`
    let key = keys.current.get(draft)
    if (!key) keys.current.set(draft, (key = crypto.randomUUID()))
    return key
  }
  return useMutation({
    mutationFn: async ({ period, clients, onDraft }: { period: InvoicePeriod; clients: readonly UninvoicedClient['client'][]; onDraft: (outcome: DraftOutcome) => void }) => {
      const outcomes: DraftOutcome[] = []
      for (const client of clients) {
        // Should another draft have taken the client's hours meanwhile, none is made rather than an empty one.
        const body = { location_id: client.id, period_from: period.from, period_to: period.to, require_billable: true }
        let outcome: DraftOutcome
        try {
          outcome = { client, invoice: await api.createInvoice({ body }, { silent: true, idempotencyKey: keyOf(client.id, period) }) }
        } catch (error) {
          outcome = { client, error }
        }
        outcomes.push(outcome)
        onDraft(outcome)
      }
      return outcomes
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoicesKey }),
  })
}
