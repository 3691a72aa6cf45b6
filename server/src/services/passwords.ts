import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'

// OWASP's argon2id baseline (DESIGN.md §5): 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

// Verifying against this when no account matches keeps failed sign-ins equally slow,
// so timing does not tell whether an account exists.
let decoy: Promise<string> | undefined

/** Checks a password; with no stored hash it still spends the same time and fails. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy password that never matches')
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(storedHash, password).catch(() => false)
}

/** True for the ~50,000 most common passwords (zxcvbn's list), whatever their case. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase())
}
