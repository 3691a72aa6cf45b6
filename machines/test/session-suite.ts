import { sessionMachine } from '../src/session-machine.ts'
import { sessionMeanings, sessionModel, type SessionScenario, type SessionWorld } from '../src/testing/index.ts'
import { describeWalks, type SuiteOptions } from './suite.ts'

/**
 * The session machine's model-based suite: every shortest path of the scenario's model
 * walked on a real actor in a fresh world, after checking that the paths take every
 * transition. The stubbed suite passes a world answered by the model; a suite against a
 * running server passes `liveSessionScenario` and `sessionApiWorld`.
 * @example
 * describeSessionMachine('stubbed actors', { scenario, createWorld: stubWorld })
 */
export function describeSessionMachine(name: string, options: SuiteOptions<SessionScenario, SessionWorld>) {
  describeWalks(`session machine (${name})`, { ...options, machine: sessionMachine, model: sessionModel(options.scenario), meanings: sessionMeanings })
}
