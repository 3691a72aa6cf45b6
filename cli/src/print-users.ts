import type { User } from '@rota/core'
import type { InviteResult } from './commands/users-invite.ts'
import { EXIT, type ExitCode } from './errors.ts'
import type { CommandContext } from './program.ts'
import { plural, printResult, table } from './print.ts'

const day = (timestamp: string | null | undefined) => (timestamp ? timestamp.slice(0, 10) : '')

/** Team members as a table: name, e-mail, role, status, last sign-in. */
export function printUsers({ io, global }: CommandContext, users: User[]): void {
  printResult(io, global, users, (rows) =>
    rows.length === 0
      ? 'No team members match.'
      : table([
          ['NAME', 'EMAIL', 'ROLE', 'STATUS', 'LAST SIGN-IN'],
          ...rows.map((user) => [`${user.firstname} ${user.lastname}`, user.email, user.role.name, user.status, day(user.last_sign_in_at)]),
        ]),
  )
}

/** Pending invitations: who, which role, sent or expired or revoked, and until when the link works. */
export function printInvites({ io, global }: CommandContext, users: User[]): void {
  printResult(io, global, users, (rows) =>
    rows.length === 0
      ? 'No pending invitations.'
      : table([
          ['EMAIL', 'NAME', 'ROLE', 'INVITATION', 'SENT', 'EXPIRES'],
          ...rows.map((user) => [user.email, `${user.firstname} ${user.lastname}`, user.role.name, user.invite?.status ?? 'none', day(user.invite?.sent_at), day(user.invite?.expires_at)]),
        ]),
  )
}

function resultLine(result: InviteResult): string {
  const where = result.line ? `line ${result.line}: ` : ''
  if (!result.ok) return `${where}${result.email}: ${result.error}`
  const delivery = result.invite_link ? `link ${result.invite_link}` : result.emailed ? 'e-mailed' : 'link not shown (--print-links shows it)'
  return `${where}${result.email}: invited as ${result.role ?? '?'}, ${delivery}`
}

/**
 * One line per invitation. Exits 0 when all went out; otherwise with the gravest
 * failure's code: not signed in or not allowed (3), refused input (4), other (1).
 */
export function printInviteResults({ io, global }: CommandContext, results: InviteResult[]): ExitCode {
  printResult(io, global, results, (rows) => {
    const failed = rows.filter((row) => !row.ok).length
    const lines = rows.map(resultLine)
    if (rows.length > 1) lines.push(`${plural(rows.length - failed, 'invitation')} sent, ${failed.toLocaleString('en-CA')} failed.`)
    return lines.join('\n')
  })
  const codes = new Set(results.map((result) => result.exit_code))
  return ([EXIT.auth, EXIT.validation, EXIT.failure] as const).find((code) => codes.has(code)) ?? EXIT.ok
}

export function printRevoked({ io, global }: CommandContext, user: User): void {
  printResult(io, global, user, (revoked) => `The invitation of ${revoked.email} is revoked: its link no longer works.`)
}
