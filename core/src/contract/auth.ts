import { z } from 'zod'
import { BusinessId, Email, Locale, Password, PersonName, RequiredText, TimeZoneInput } from './common.ts'
import { Province } from './account.ts'

/** What a successful sign-in, refresh or registration returns. */
export const AuthTokens = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** Seconds until `token` expires. */
  expires_in: z.number().int(),
})
export type AuthTokens = z.infer<typeof AuthTokens>

export const BusinessChoice = z.object({ business_id: BusinessId, business_name: z.string() })

/**
 * The answer to a sign-in: signed in; or, for an e-mail with accounts in several
 * businesses and no business given, the businesses whose password matched; or a
 * one-time code is needed (sent by e-mail) to finish signing in.
 */
export const LoginResult = z.discriminatedUnion('status', [
  AuthTokens.extend({ status: z.literal('signed_in') }),
  z.object({ status: z.literal('choose_business'), businesses: z.array(BusinessChoice) }),
  z.object({ status: z.literal('otp_required'), challenge: z.string(), email: Email }),
])
export type LoginResult = z.infer<typeof LoginResult>

/** `POST /auth/login`: e-mail and password travel in the Basic header. */
export const LoginBody = z.object({ business_id: BusinessId.optional() })

/**
 * The registration form: a business and its owner. The language and the province set the
 * business's starting settings (tax province, invoice prefix, first day of the week).
 */
export const RegisterBusinessBody = z.object({
  business_id: BusinessId,
  business_name: RequiredText(120),
  firstname: PersonName,
  lastname: PersonName,
  email: Email,
  password: Password,
  timezone: TimeZoneInput.default('America/Toronto'),
  locale: Locale.default('en'),
  /** Where the business is: its tax province until the settings say otherwise. */
  province: Province.optional(),
})

export const RefreshBody = z.object({ refresh_token: z.string().min(1).max(200) })
export const LogoutBody = z.object({ refresh_token: z.string().min(1).max(200).optional() })

export const ResetPasswordRequestBody = z.object({ email: Email, business_id: BusinessId.optional() })

/** A token from an e-mailed link (reset, invite, e-mail change). */
export const LinkToken = z.string().min(20).max(200)
export const TokenBody = z.object({ token: LinkToken })

export const ResetTokenInfo = z.object({ email: Email, business_id: BusinessId, business_name: z.string() })

export const UpdatePasswordBody = z.object({ token: LinkToken, password: Password })
export const ChangePasswordBody = z.object({ current_password: z.string().min(1).max(128), password: Password })
export const UpdateEmailBody = z.object({ email: Email, password: z.string().min(1).max(128) })

export const OtpVerifyBody = z.object({ challenge: z.string().min(20).max(200), code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') })
export const OtpResendBody = z.object({ challenge: z.string().min(20).max(200) })

export const InviteInfo = z.object({
  email: Email,
  business_id: BusinessId,
  business_name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
})
export const AcceptInviteBody = z.object({
  token: LinkToken,
  password: Password,
  firstname: PersonName.optional(),
  lastname: PersonName.optional(),
  /** The language the person accepts in, theirs from then on (the invitation was in the business's). */
  locale: Locale.optional(),
})

/** `POST /auth/google`: the ID token (credential) that Google's button gave the browser. */
export const GoogleLoginBody = z.object({ credential: z.string().min(20).max(4096), business_id: BusinessId.optional() })
export const LinkGoogleBody = z.object({ token: z.string().min(20).max(4096) })
