import { z } from 'zod'
import { Id, ListQuery, Timestamp, Version } from './common.ts'

/** A step every new team member goes through (read the safety guide, send a void cheque…), set by the business. */
export const OnboardingEntry = z.object({
  id: Id,
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  position: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type OnboardingEntry = z.infer<typeof OnboardingEntry>

const title = z.string().trim().min(1, 'Required').max(200, 'Use at most 200 characters')
const description = z.string().trim().max(2000, 'Use at most 2000 characters').nullable()

export const CreateOnboardingEntryBody = z.object({
  title,
  description: description.default(null),
  required: z.boolean().default(true),
  position: z.number().int().min(0).max(10_000).optional(),
})

export const UpdateOnboardingEntryBody = z.object({
  id: Id.optional(),
  title: title.optional(),
  description: description.optional(),
  required: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  version: Version,
})

/** Where the signed-in user stands on one onboarding entry. */
export const OnboardingRecord = z.object({
  id: Id,
  entry_id: Id,
  completed: z.boolean(),
  completed_at: Timestamp.nullable(),
  note: z.string().nullable(),
  updated_at: Timestamp,
  version: Version,
})
export type OnboardingRecord = z.infer<typeof OnboardingRecord>

export const CreateOnboardingRecordBody = z.object({
  entry_id: Id,
  completed: z.boolean().default(true),
  note: z.string().trim().max(2000).nullable().default(null),
})

export const UpdateOnboardingRecordBody = z.object({
  id: Id.optional(),
  completed: z.boolean().optional(),
  note: z.string().trim().max(2000).nullable().optional(),
  version: Version,
})

export const OnboardingQuery = ListQuery
