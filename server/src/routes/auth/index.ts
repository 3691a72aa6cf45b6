import { emailHandlers } from './email.ts'
import { inviteHandlers } from './invite.ts'
import { linkGoogleHandlers } from './link-google.ts'
import { loginHandlers } from './login.ts'
import { otpHandlers } from './otp.ts'
import { passwordHandlers } from './password.ts'
import { otherSessionHandlers, sessionHandlers } from './session.ts'

export const authHandlers = {
  ...loginHandlers,
  ...sessionHandlers,
  ...otherSessionHandlers,
  ...otpHandlers,
  ...passwordHandlers,
  ...emailHandlers,
  ...inviteHandlers,
  ...linkGoogleHandlers,
}
