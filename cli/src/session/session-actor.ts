import { NetworkError, TimeoutError } from '@rota/core'
import { provideSession, type sessionMachine } from '@rota/machines'
import { createActor, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Connection } from './connect.ts'
import type { Target } from './target.ts'

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** A running session machine and the last error one of its calls threw, with its type intact. */
export interface Session {
  actor: SessionActor
  lastError(): unknown
  /** Waits until the machine needs the person, is signed in, or is signed out. */
  settled(): Promise<SessionSnapshot>
}

const unreachable = (error: unknown) => error instanceof NetworkError || error instanceof TimeoutError

/**
 * The web app's session machine with the shared provider (`provideSession`), given the
 * credentials file and the terminal's API client. `restore` says whether to pick up the
 * stored session (whoami, logout; a ROTA_TOKEN has no refresh token) or start signed out
 * (login). A Rota that cannot be reached does not clear the stored session: the machine
 * treats a failed user load as the end of the session, but on a train without Wi-Fi it is not.
 * @example
 * const session = startSession(target, connection, { restore: true })
 * const snapshot = await session.settled()
 */
export function startSession(target: Target, connection: Connection, { restore }: { restore: boolean }): Session {
  let lastError: unknown
  const machine = provideSession({
    api: connection.client.api,
    store: target.store,
    restore: restore ? 'token' : 'nothing',
    onError: (error) => (lastError = error),
    keepStoreAfter: unreachable,
  })
  const actor = createActor(machine).start()
  const settled = () =>
    waitFor(actor, (snapshot) => snapshot.matches('signedOut') || snapshot.matches('signedIn') || snapshot.matches('choosingBusiness') || snapshot.matches('awaitingOtp'))
  return { actor, lastError: () => lastError, settled }
}
