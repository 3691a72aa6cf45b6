import { ApiError, type LocationRate, type SetLocationRatesBody } from '@rota/core'
import { z } from 'zod'
import { optionalDollars } from '../../../lib/form-values.ts'

/** The name of a service's rate field in the client form: `rate:` and the service's id. */
export const rateField = (serviceId: string) => `rate:${serviceId}`

const PREFIX = rateField('')

/**
 * A hidden field beside the rate fields: a form leaves empty fields out, so without it every
 * rate cleared would read the same as no rate field shown.
 */
export const RATES_SHOWN = 'rates_shown'

/**
 * The client form's rate fields as the rates body wants them: each field's dollars (as the
 * reader's language writes them) in cents, an empty one left out (the service bills at its own
 * rate). Rate fields not shown (`RATES_SHOWN` absent: a new client, or rates still loading) are
 * `null`: nothing to say about them.
 * @example
 * RatesForm.parse({ rates_shown: '1', 'rate:5c1…': '52' }) // { rates: [{ service_id: '5c1…', bill_rate_cents: 5200 }] }
 */
export const RatesForm = z.record(z.string(), z.unknown()).transform((values, ctx) => {
  if (values[RATES_SHOWN] === undefined) return { rates: null }
  const rates: SetLocationRatesBody['rates'] = []
  for (const [name, text] of Object.entries(values)) {
    if (!name.startsWith(PREFIX)) continue
    const parsed = optionalDollars.safeParse(text)
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: [name], message: parsed.error.issues[0]?.message ?? 'Use an amount in dollars' })
    else if (parsed.data !== null) rates.push({ service_id: name.slice(PREFIX.length), bill_rate_cents: parsed.data })
  }
  return { rates }
})

/** Whether the rates typed differ from the client's (order aside). */
export function ratesChanged(saved: readonly Pick<LocationRate, 'service_id' | 'bill_rate_cents'>[], typed: readonly Pick<LocationRate, 'service_id' | 'bill_rate_cents'>[]): boolean {
  const was = new Map(saved.map((rate) => [rate.service_id, rate.bill_rate_cents]))
  return was.size !== typed.length || typed.some((rate) => was.get(rate.service_id) !== rate.bill_rate_cents)
}

/**
 * A refusal of the rates sent, its details moved from the body's places (`rates.2.bill_rate_cents`)
 * to the form's rate fields, so each shows beside its service.
 * @example
 * throw onRateFields(error, body.rates) // details { 'rate:5c1…': 'No such service' }
 */
export function onRateFields(error: unknown, sent: SetLocationRatesBody['rates']): unknown {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return error
  const details = Object.fromEntries(
    Object.entries(error.details).map(([field, message]) => {
      const index = /^rates\.(\d+)\./.exec(field)?.[1]
      const rate = index === undefined ? undefined : sent[Number(index)]
      return [rate ? rateField(rate.service_id) : field, message]
    }),
  )
  return new ApiError({ status: error.status, code: error.code, message: error.message, details })
}
