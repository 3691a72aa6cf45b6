import type { LoggedOut } from './commands/logout.ts'
import type { CommandContext } from './program.ts'
import { printResult } from './print.ts'
import type { SignedIn } from './session/signed-in.ts'

const business = ({ business }: SignedIn) => (business.name ? `${business.name} (${business.id})` : business.id)

/** `Signed in to Acme Cleaning (acme) at https://rota.example.com as ada@acme.ca, Super Admin.` */
export function printLogin({ io, global }: CommandContext, result: SignedIn): void {
  printResult(io, global, result, (r) => `Signed in to ${business(r)} at ${r.host} as ${r.user.email}, ${r.user.role}.`)
}

export function printWhoami({ io, global }: CommandContext, result: SignedIn): void {
  printResult(io, global, result, (r) =>
    [`${r.user.firstname} ${r.user.lastname} <${r.user.email}>`, `role      ${r.user.role}`, `business  ${business(r)}`, `host      ${r.host} (profile ${r.profile})`].join('\n'),
  )
}

export function printLogout({ io, global }: CommandContext, result: LoggedOut): void {
  printResult(io, global, result, (r) => (r.signed_out ? `Signed out of ${r.host}.` : `Not signed in to ${r.host}.`))
}
