import { z } from 'zod'

/**
 * How much each soft goal of the fill weighs, in cents: `cost` multiplies the labour cost
 * (overtime at its multiplier included); an hour past someone's preferred week costs
 * `over_preferred`; an hour of spread between the most and the least served person against
 * their targets costs `fairness` (per week); a shift at a client the person worked at in the
 * last four weeks is worth `continuity`, one at a client they prefer `preference`.
 */
export const FillWeights = z.object({
  cost: z.number().min(0).max(100),
  over_preferred: z.number().min(0).max(1_000_000),
  fairness: z.number().min(0).max(1_000_000),
  continuity: z.number().min(0).max(1_000_000),
  preference: z.number().min(0).max(1_000_000),
})
export type FillWeights = z.infer<typeof FillWeights>
export const DEFAULT_FILL_WEIGHTS: FillWeights = { cost: 1, over_preferred: 1000, fairness: 500, continuity: 500, preference: 500 }

