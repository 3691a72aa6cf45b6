import { ApiError } from '@rota/core'
import { existsSync } from 'node:fs'
import { describeError } from '../describe-error.ts'
import { EXIT, notSignedIn, usageError, type ExitCode } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'
import { inviteRows, type InviteRow } from '../users/invite-csv.ts'
import { inviteStep } from '../users/invite.ts'
import { roleId, roles, type RolesByName } from '../users/team.ts'

export interface UsersInviteOptions extends CommandContext {
  email?: string
  role?: string
  firstname?: string
  lastname?: string
  csv?: string
  printLinks?: boolean
}

/** What happened to one invitation. */
export interface InviteResult {
  /** The row of the CSV file, for bulk invitations. */
  line: number | null
  email: string
  ok: boolean
  user_id: string | null
  role: string | null
  /** The acceptance link, with --print-links when Rota has no mail server to send it. */
  invite_link: string | null
  /** Whether the server e-mailed the invitation (no link came back). */
  emailed: boolean
  error: string | null
  exit_code: ExitCode
}

/**
 * `rota users invite`: invites one person, or every row of a CSV file one by one with
 * a result per row, through the invite machine. Names may be left to the invitee, who
 * gives them on accepting. Acceptance links come back only when Rota has no mail
 * server, and are shown with `printLinks`.
 * @example
 * const [result] = await usersInvite({ io, global: {}, email: 'zoe@acme.ca', role: 'Manager', firstname: 'Zoé', lastname: 'Roy' })
 */
export async function usersInvite(options: UsersInviteOptions): Promise<InviteResult[]> {
  const { io, global } = options
  if (options.csv && options.email) throw usageError('Give an e-mail or --csv FILE, not both')
  if (options.csv && !existsSync(options.csv)) throw usageError(`No such file: ${options.csv}`)
  if (!options.csv && !options.email) throw usageError('Give the e-mail to invite, or --csv FILE')
  if (!options.csv && !options.role) throw usageError('Give their role with --role, such as --role Staff')
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const people = options.csv ? inviteRows(options.csv, options.role) : single(options)
  const connection = connect(target)
  try {
    const known = await roles(connection.client)
    const results: InviteResult[] = []
    for await (const person of people) results.push(await invite(connection.client, known, person, options, target.host))
    return results
  } finally {
    connection.close()
  }
}

async function* single(options: UsersInviteOptions): AsyncGenerator<InviteRow> {
  yield { line: 0, email: options.email ?? '', firstname: options.firstname ?? '', lastname: options.lastname ?? '', role: options.role ?? '' }
}

async function invite(
  client: Parameters<typeof inviteStep>[0],
  known: RolesByName | null,
  person: InviteRow,
  options: UsersInviteOptions,
  host: string,
): Promise<InviteResult> {
  const base = { line: person.line || null, email: person.email, user_id: null, role: person.role || null, invite_link: null, emailed: false }
  try {
    const names = { ...(person.firstname && { firstname: person.firstname }), ...(person.lastname && { lastname: person.lastname }) }
    if (!person.role) throw usageError(person.line ? 'The role is missing: fill the role column, or pass --role for the rows without one' : 'The role is missing: pass --role')
    // A role checked here gets a message listing the roles; without the right to read them, the server checks it by name.
    const role = known ? { role_id: roleId(known, person.role) } : { role: person.role }
    const outcome = await inviteStep(client, { type: 'invite.send', draft: { email: person.email, ...names, ...role } })
    if (outcome.state !== 'sent') throw outcome.error
    return {
      ...base,
      ok: true,
      user_id: outcome.user?.id ?? null,
      role: outcome.user?.role.name ?? base.role,
      invite_link: options.printLinks ? outcome.invite_link : null,
      emailed: outcome.invite_link === null,
      error: null,
      exit_code: EXIT.ok,
    }
  } catch (error) {
    const failure = describeError(error, host)
    // The server's words point to the web app's record: here the way is a command.
    const message = error instanceof ApiError && error.code === 'already_invited' ? `An invitation is already waiting: send it again with rota users resend ${person.email}` : failure.message
    return { ...base, ok: false, error: message, exit_code: failure.exitCode }
  }
}
