import { ChangePasswordBody, Locale, UpdateEmailBody, UpdateProfileBody } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, ticked } from '../../../lib/form-values.ts'

const field = UpdateProfileBody.shape

/** The profile form: names, phone (cleared when emptied), language, and notifications by e-mail (ticked). */
export const ProfileForm = z.object({
  firstname: field.firstname.unwrap(),
  lastname: field.lastname.unwrap(),
  phone: blankAsNull.pipe(field.phone.unwrap()),
  locale: Locale,
  email_notifications: ticked,
})

/** Changing the password: the current one, and the new one typed twice. */
export const PasswordForm = ChangePasswordBody.extend({ confirm: z.string() }).refine((values) => values.password === values.confirm, {
  path: ['confirm'],
  message: 'Passwords differ',
})

/** Changing the e-mail address: the new one, and the password to prove it is you. */
export const EmailForm = UpdateEmailBody
