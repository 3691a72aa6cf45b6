import type { MachinePath } from '@rota/machines/testing'

/**
 * The paths that are not the beginning of another: walking the longer one checks every
 * state of the shorter, with fewer sign-ins against the deployment's rate limits.
 * @example
 * maximalPaths(sessionModel(liveSessionScenario).getShortestPaths())
 */
export function maximalPaths(paths: readonly MachinePath[]): MachinePath[] {
  const keys = paths.map((path) => path.steps.map((step) => JSON.stringify(step.event)))
  const within = (mine: string[], other: string[]) => mine.length <= other.length && mine.every((part, k) => part === other[k])
  return paths.filter((_, index) => {
    const mine = keys[index]!
    // A path equal to an earlier one, or the start of a longer one, adds nothing.
    return !keys.some((other, j) => j !== index && within(mine, other) && (other.length > mine.length || j < index))
  })
}
