import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { missingTransitions, pathName, walk, type MachineModel, type MachinePath, type Meanings, type PathOptions, type World } from '../src/testing/index.ts'

/** How a suite runs: its scenario, a fresh world per path, and which paths. */
export interface SuiteOptions<S, W> {
  scenario: S
  /** A fresh world for each path; a world against a server may prepare what the path needs. */
  createWorld: (path: MachinePath) => W
  /** Only some paths (`{ toState: (state) => state.matches('signedIn') }`); all shortest paths by default. */
  paths?: PathOptions
  /**
   * Whether the paths must take every transition: true for stubs, which can fail on
   * demand; a real server walks what its scenario allows.
   */
  everyTransition?: boolean
}

/**
 * A model-based suite: checks that the paths take every transition (unless told not
 * to), then walks each path on a real actor in a fresh world.
 * @example
 * describeWalks(`session machine (${name})`, { machine: sessionMachine, model: sessionModel(scenario), meanings: sessionMeanings, ...options })
 */
export function describeWalks<W extends World>(
  name: string,
  options: { machine: AnyStateMachine; model: MachineModel; meanings: Meanings<W> } & Omit<SuiteOptions<unknown, W>, 'scenario'>,
) {
  const { machine, model, meanings, createWorld } = options
  const paths = model.getShortestPaths(options.paths)

  describe(name, () => {
    if (options.everyTransition ?? true) {
      it('walks every transition', () => {
        expect(missingTransitions(machine, [{ paths }])).toEqual([])
      })
    }

    it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) => walk(path, { machine, world: createWorld(path), meanings }))
  })
}
