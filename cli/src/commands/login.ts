import { createApiClient, Email, memoryStore } from '@rota/core'
import { CliError, EXIT, usageError } from '../errors.ts'
import { isInteractive } from '../io.ts'
import type { CommandContext } from '../program.ts'
import { prompts, readStdin } from '../prompts.ts'
import { connect } from '../session/connect.ts'
import { startSession, type Session } from '../session/session-actor.ts'
import { signedIn, type SignedIn } from '../session/signed-in.ts'
import { makeCurrent, resolveTarget } from '../session/target.ts'

export interface LoginOptions extends CommandContext {
  business?: string
  email?: string
  passwordStdin?: boolean
}

/**
 * `rota login`: signs in through the session machine and keeps the session in the
 * credentials file. On a terminal it asks for what the options leave out (the password
 * masked), lets the person pick a business when the e-mail has several, and asks for
 * the e-mailed code when the business requires one. A session the profile held before
 * is revoked once the new one works.
 * @example
 * await login({ io, global: { host: 'localhost:3000' }, business: 'acme', email: 'ada@acme.ca', passwordStdin: true })
 */
export async function login(options: LoginOptions): Promise<SignedIn> {
  const { io, global } = options
  if (io.env['ROTA_TOKEN']) throw usageError('ROTA_TOKEN is set: unset it to sign in with a password')
  const target = resolveTarget(io, global)
  const ask = prompts(io)
  const email = options.email ?? (await ask.text('E-mail', { instead: '--email', validate: (value) => isEmail(value) || 'Enter a valid e-mail address' }))
  if (!isEmail(email)) throw usageError(`${email} is not an e-mail address`)
  const password = options.passwordStdin ? await readStdin(io) : await ask.secret('Password', { instead: '--password-stdin' })
  if (password === '') throw usageError('The password is empty')
  const previous = target.store.get('refresh_token')

  const connection = connect(target)
  const session = startSession(target, connection, { restore: false })
  try {
    await session.settled()
    session.actor.send({ type: 'session.login', email, password, ...(options.business && { business_id: options.business }) })
    await converse(session, options)
    makeCurrent(target)
    if (previous && previous !== target.store.get('refresh_token')) await revoke(target.baseURL, previous)
    return signedIn(target, session.actor.getSnapshot())
  } finally {
    session.actor.stop()
    connection.close()
  }
}

/** Answers the machine's questions until it is signed in, or throws why not. */
async function converse(session: Session, { io }: LoginOptions): Promise<void> {
  const ask = prompts(io)
  for (;;) {
    const snapshot = await session.settled()
    if (snapshot.matches('signedIn')) return
    if (snapshot.matches('signedOut')) throw session.lastError() ?? new CliError(snapshot.context.error ?? 'Sign-in failed', EXIT.auth)
    if (snapshot.matches('choosingBusiness')) {
      const { businesses } = snapshot.context
      const listed = businesses.map((business) => `${business.business_id} (${business.business_name})`).join(', ')
      const business_id = await ask.choose(
        'This e-mail has accounts in several businesses. Which one?',
        businesses.map((business) => ({ name: `${business.business_name} (${business.business_id})`, value: business.business_id })),
        { instead: `--business, one of ${listed}` },
      )
      session.actor.send({ type: 'session.business.choose', business_id })
      continue
    }
    const { otp, error } = snapshot.context
    if (!isInteractive(io)) throw new CliError(`This business requires a code e-mailed to ${otp?.email ?? 'you'}: run rota login on a terminal`, EXIT.auth)
    if (error) io.stderr.write(`${error}\n`)
    const code = await ask.text(`Code e-mailed to ${otp?.email ?? 'you'} (leave empty for a new code)`, {
      instead: '--password-stdin',
      validate: (value) => /^\s*(\d{6})?\s*$/.test(value) || 'Enter the 6 digits',
    })
    session.actor.send(code.trim() === '' ? { type: 'session.otp.resend' } : { type: 'session.otp.submit', code: code.trim() })
  }
}

/** The e-mail as the server will check it, so a typo is refused at the prompt, not after the password. */
const isEmail = (value: string) => Email.safeParse(value).success

/** Best effort: the old session of this profile should not outlive the new one. */
async function revoke(baseURL: string, refreshToken: string): Promise<void> {
  await createApiClient({ baseURL, store: memoryStore() })
    .api.logout({ body: { refresh_token: refreshToken } }, { silent: true })
    .catch(() => {})
}
