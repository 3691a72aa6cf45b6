import { tokenRefreshMeanings, tokenRefreshModel, type TokenRefreshScenario, type TokenRefreshWorld } from '../src/testing/index.ts'
import { tokenRefreshMachine } from '../src/token-refresh-machine.ts'
import { describeWalks, type SuiteOptions } from './suite.ts'

/**
 * The token refresher's model-based suite, for a world of stubs or of real calls.
 * @example
 * describeTokenRefreshMachine('stubbed actors', { scenario, createWorld: () => ({ ...tokenRefreshParts(), actors: { refresh: answeredByModel } }) })
 */
export function describeTokenRefreshMachine(name: string, options: SuiteOptions<TokenRefreshScenario, TokenRefreshWorld>) {
  describeWalks(`token refresh machine (${name})`, { ...options, machine: tokenRefreshMachine, model: tokenRefreshModel(options.scenario), meanings: tokenRefreshMeanings })
}
