import type { SessionSnapshot } from './session-actor.ts'
import type { Target } from './target.ts'

/** Who is signed in where: what login and whoami return. */
export interface SignedIn {
  host: string
  profile: string
  user: { id: string; email: string; firstname: string; lastname: string; role: string }
  business: { id: string; name: string | null }
}

/**
 * The signed-in session as the commands report it.
 * @example
 * signedIn(target, await session.settled()).user.email // 'ada@acme.ca'
 */
export function signedIn(target: Target, { context }: SessionSnapshot): SignedIn {
  const user = context.user!
  return {
    host: target.host,
    profile: target.profile,
    user: { id: user.id, email: user.email, firstname: user.firstname, lastname: user.lastname, role: user.role.name },
    business: { id: user.business_id, name: context.settings?.business_name ?? null },
  }
}
