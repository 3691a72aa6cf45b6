import { BusinessId, Email } from '@rota/core'
import { z } from 'zod'

/**
 * The sign-in form's fields: the contract's business id (optional: one e-mail in several
 * businesses is asked to choose) and e-mail; any password may be tried, since the rules for
 * new passwords are not the rules for old ones.
 */
export const LoginForm = z.object({
  business_id: BusinessId.optional(),
  email: Email,
  password: z.string().min(1).max(128),
})

export type LoginValues = z.output<typeof LoginForm>
