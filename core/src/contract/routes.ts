import { z } from 'zod'
import { Empty } from './common.ts'
import { Health, Profile, Settings, UpdateProfileBody, UpdateSettingsBody } from './account.ts'
import {
  AcceptInviteBody,
  AuthTokens,
  ChangePasswordBody,
  GoogleLoginBody,
  InviteInfo,
  LinkGoogleBody,
  LoginBody,
  LoginResult,
  LogoutBody,
  OtpResendBody,
  OtpVerifyBody,
  RefreshBody,
  RegisterBusinessBody,
  ResetPasswordRequestBody,
  ResetTokenInfo,
  TokenBody,
  UpdateEmailBody,
  UpdatePasswordBody,
} from './auth.ts'
import { defineRoute } from './route.ts'

/**
 * Every route of Rota's API under /api/v1. The server registers exactly these
 * (and publishes them as OpenAPI at /api/docs); the clients call them by name.
 */
export const routes = {
  health: defineRoute({
    method: 'GET', path: '/health', tag: 'system', access: 'public',
    summary: 'Whether the API and its database are reachable, and the version',
    response: Health,
  }),

  registerBusiness: defineRoute({
    method: 'POST', path: '/business', tag: 'auth', access: 'public',
    summary: 'Register a business and its owner (Super Admin); signs the owner in',
    body: RegisterBusinessBody, response: AuthTokens,
  }),
  login: defineRoute({
    method: 'POST', path: '/auth/login', tag: 'auth', access: 'public', basicAuth: true,
    summary: 'Sign in with e-mail and password in a Basic Authorization header',
    body: LoginBody, response: LoginResult,
  }),
  refreshToken: defineRoute({
    method: 'POST', path: '/auth/refresh_token', tag: 'auth', access: 'public',
    summary: 'Exchange a refresh token for a new token pair (the old refresh token is spent)',
    body: RefreshBody, response: AuthTokens,
  }),
  logout: defineRoute({
    method: 'POST', path: '/auth/logout', tag: 'auth', access: 'public',
    summary: 'Sign out: revokes the session of the bearer token or of the refresh token given',
    body: LogoutBody, response: Empty,
  }),
  verifyOtp: defineRoute({
    method: 'POST', path: '/auth/otp/verify', tag: 'auth', access: 'public',
    summary: 'Finish a sign-in with the 6-digit code sent by e-mail',
    body: OtpVerifyBody, response: AuthTokens,
  }),
  resendOtp: defineRoute({
    method: 'POST', path: '/auth/otp/resend', tag: 'auth', access: 'public',
    summary: 'Send a new sign-in code for the same sign-in attempt',
    body: OtpResendBody, response: Empty,
  }),
  resetPasswordRequest: defineRoute({
    method: 'POST', path: '/auth/reset_password_request', tag: 'auth', access: 'public',
    summary: 'E-mail a password-reset link (the answer is the same whether or not the account exists)',
    body: ResetPasswordRequestBody, response: Empty,
  }),
  verifyResetToken: defineRoute({
    method: 'POST', path: '/auth/verify_reset_token', tag: 'auth', access: 'public',
    summary: 'Check a password-reset link before asking for the new password',
    body: TokenBody, response: ResetTokenInfo,
  }),
  updatePassword: defineRoute({
    method: 'PUT', path: '/auth/update_password', tag: 'auth', access: 'public',
    summary: 'Set a new password with a reset link; signs out every session',
    body: UpdatePasswordBody, response: Empty,
  }),
  changePassword: defineRoute({
    method: 'POST', path: '/auth/change_password', tag: 'auth', access: 'user',
    summary: 'Change the signed-in user\'s password; signs out the other sessions and returns new tokens',
    body: ChangePasswordBody, response: AuthTokens,
  }),
  updateEmail: defineRoute({
    method: 'PUT', path: '/auth/update_email', tag: 'auth', access: 'user',
    summary: 'Ask to change the e-mail address; the change happens when the link sent to the new address is opened',
    body: UpdateEmailBody, response: Empty,
  }),
  confirmEmail: defineRoute({
    method: 'POST', path: '/auth/confirm_email', tag: 'auth', access: 'public',
    summary: 'Confirm an e-mail change with the link sent to the new address',
    body: TokenBody, response: Empty,
  }),
  googleLogin: defineRoute({
    method: 'POST', path: '/auth/google', tag: 'auth', access: 'public',
    summary: 'Sign in with a Google ID token',
    body: GoogleLoginBody, response: LoginResult,
  }),
  linkGoogle: defineRoute({
    method: 'POST', path: '/auth/link_google', tag: 'auth', access: 'user',
    summary: 'Link a Google account to the signed-in user',
    body: LinkGoogleBody, response: Empty,
  }),
  verifyInvite: defineRoute({
    method: 'POST', path: '/user/verify_invite', tag: 'auth', access: 'public',
    summary: 'Check an invitation link before asking for a password',
    body: TokenBody, response: InviteInfo,
  }),
  acceptInvite: defineRoute({
    method: 'POST', path: '/user/accept_invite', tag: 'auth', access: 'public',
    summary: 'Accept an invitation: set a password and sign in',
    body: AcceptInviteBody, response: AuthTokens,
  }),

  getProfile: defineRoute({
    method: 'GET', path: '/profile', tag: 'profile', access: 'user',
    summary: 'The signed-in user with their role and permissions',
    response: Profile,
  }),
  updateProfile: defineRoute({
    method: 'PUT', path: '/profile', tag: 'profile', access: 'user',
    summary: 'Update the signed-in user\'s own fields',
    body: UpdateProfileBody, response: Profile,
  }),

  getSettings: defineRoute({
    method: 'GET', path: '/settings', tag: 'settings', access: 'user',
    summary: 'The business\'s settings',
    response: Settings,
  }),
  updateSettings: defineRoute({
    method: 'PUT', path: '/settings', tag: 'settings', access: ['settings', 'update'],
    summary: 'Change the business\'s settings',
    body: UpdateSettingsBody, response: Settings,
  }),
} as const

export type Routes = typeof routes
export type RouteName = keyof Routes

