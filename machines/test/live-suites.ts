import { createApiClient, memoryStore } from '@rota/core'
import { liveSessionScenario, liveTokenRefreshScenario, sessionApiWorld, tokenRefreshApiWorld, type LiveAccount } from '../src/testing/index.ts'
import { describeSessionMachine } from './session-suite.ts'
import { describeTokenRefreshMachine } from './token-refresh-suite.ts'

/** A running Rota and an account on it: `baseURL` ends in `/api/v1`. */
export interface LiveTarget {
  baseURL: string
  account: LiveAccount
}

/**
 * The session and token-refresh suites against a running Rota: each path signs in as
 * the account (a fresh business's owner, who needs no e-mailed code) through a real API
 * client and checks each state's meaning against what the server answers, including
 * that a sign-out revokes the refresh token and that a reused refresh token revokes
 * its whole sign-in. `target` is read when the tests run, so a `beforeAll` may start
 * the server and register the business first. The paths sign in six times in all.
 * @example
 * let target: LiveTarget
 * beforeAll(async () => { target = { baseURL: `${await listen()}/api/v1`, account: await registerOwner() } })
 * describeMachinesAgainstServer('loopback', () => target)
 */
export function describeMachinesAgainstServer(name: string, target: () => LiveTarget) {
  const client = () => {
    const store = memoryStore()
    return { store, client: createApiClient({ baseURL: target().baseURL, store }) }
  }
  describeSessionMachine(name, {
    scenario: liveSessionScenario,
    createWorld: () => sessionApiWorld({ ...client(), account: target().account }),
    everyTransition: false,
  })
  describeTokenRefreshMachine(name, {
    scenario: liveTokenRefreshScenario,
    createWorld: (path) => tokenRefreshApiWorld({ client: client().client, account: target().account, path }),
    everyTransition: false,
  })
}
