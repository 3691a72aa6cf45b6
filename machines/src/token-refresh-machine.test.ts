import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { AuthTokens } from '@rota/core'
import { describeTokenRefreshMachine } from '../test/token-refresh-suite.ts'
import { answeredByModel, tokenRefreshParts } from './testing/index.ts'
import { createTokenRefresher, tokenRefreshMachine, type TokenRefreshEvent } from './token-refresh-machine.ts'

const pair = (name: string): AuthTokens => ({ token: `${name}-token`, refresh_token: `${name}-refresh`, expires_in: 900 })

describeTokenRefreshMachine('stubbed actors', {
  scenario: { refreshed: pair('renewed'), refreshMayFail: true, fromAnotherTab: pair('other-tab') },
  createWorld: () => ({ ...tokenRefreshParts(), actors: { refresh: answeredByModel } }),
})

function refresherWith(refresh: () => Promise<AuthTokens>, lock?: ReturnType<typeof fromCallback<TokenRefreshEvent>>) {
  const storeTokens = vi.fn()
  const signOut = vi.fn()
  const calls = vi.fn(refresh)
  const actor = createActor(
    tokenRefreshMachine.provide({
      actors: { refresh: fromPromise(calls), ...(lock && { acquireLock: lock }) },
      actions: { storeTokens, signOut },
    }),
  ).start()
  return { actor, refresh: createTokenRefresher(actor), calls, storeTokens, signOut }
}

describe('token refresh, as the API client uses it', () => {
  it('answers three requests that met an expired token with one refresh', async () => {
    const { refresh, calls, storeTokens } = refresherWith(async () => pair('renewed'))
    await expect(Promise.all([refresh(), refresh(), refresh()])).resolves.toEqual([true, true, true])
    expect(calls).toHaveBeenCalledOnce()
    expect(storeTokens).toHaveBeenCalledExactlyOnceWith(expect.anything(), { tokens: pair('renewed') })
  })

  it('tells every waiting request that the refresh failed, and signs out once', async () => {
    const { refresh, signOut } = refresherWith(() => Promise.reject(new Error('This session has ended')))
    await expect(Promise.all([refresh(), refresh()])).resolves.toEqual([false, false])
    expect(signOut).toHaveBeenCalledOnce()
  })

  it('adopts the pair another tab stored while this one waited for the lock, without spending the refresh token', async () => {
    let grant = () => {}
    const lock = fromCallback<TokenRefreshEvent>(({ sendBack }) => {
      grant = () => sendBack({ type: 'token.lock.acquired' })
    })
    const { actor, refresh, calls, storeTokens } = refresherWith(async () => pair('renewed'), lock)
    const waiting = refresh()
    actor.send({ type: 'token.updated', tokens: pair('other-tab') })
    grant()
    await expect(waiting).resolves.toBe(true)
    expect(calls).not.toHaveBeenCalled()
    expect(storeTokens).toHaveBeenCalledExactlyOnceWith(expect.anything(), { tokens: pair('other-tab') })
  })
})
