import type { ApiFunctions, KeyValueStore } from '@rota/core'
import { provideSession, type sessionMachine } from '@rota/machines'
import { createActor, type SnapshotFrom } from 'xstate'

interface SessionOptions {
  api: () => ApiFunctions
  store: KeyValueStore
  /** Everything else the browser remembers for the session: the query cache, the guide's "later". */
  forget: () => void
}

/**
 * The session machine as the browser runs it: the shared provider (`provideSession`) with
 * tokens, user and settings in localStorage and calls through the API client. Sign-in
 * refusals are shown by the form (from the machine's `error`), so those calls are silent;
 * the server's other notices become toasts.
 * @example
 * const session = startSession({ api: () => api, store, forget: forgetAll })
 * session.send({ type: 'session.login', email, password, business_id })
 */
export function startSession({ api, store, forget }: SessionOptions) {
  return createActor(provideSession({ api, store, forget })).start()
}

export type Session = ReturnType<typeof startSession>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>
