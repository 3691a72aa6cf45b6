import { CreateServiceBody } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, dollars, ticked, wholeNumber } from '../../../lib/form-values.ts'

const field = CreateServiceBody.shape

/**
 * The service form's text fields as the body the contract checks, field by field so every
 * problem shows at once: rates typed in dollars become cents, an empty description is null,
 * the boxes ticked are `provincial_exempt` and `active`.
 */
export const ServiceForm = z.object({
  name: field.name,
  description: blankAsNull.pipe(field.description.unwrap()),
  colour: field.colour.unwrap(),
  default_duration_minutes: wholeNumber.pipe(field.default_duration_minutes.unwrap()),
  bill_rate_cents: dollars,
  pay_rate_cents: dollars,
  provincial_exempt: ticked,
  active: ticked,
})
