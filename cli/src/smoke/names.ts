import type { AnyEventObject } from 'xstate'
import type { MachinePath } from '../../../machines/test/model.ts'
import { RIGHT } from './session-walks.ts'

const ending = /^xstate\.(done|error)\.actor\.(.+)$/

function stepName(event: AnyEventObject): string {
  const match = ending.exec(event.type)
  if (match) return `${match[2]} ${match[1] === 'done' ? (match[2] === 'restore' ? 'finds nothing' : 'answers') : 'is refused'}`
  if (event.type === 'session.login') return event['password'] === RIGHT ? 'sign in' : 'sign in with a wrong password'
  return event.type
}

/**
 * A path as a report names it: its steps, then the state it ends in; passwords and
 * tokens never appear.
 * @example
 * pathTitle(path) // 'sign in with a wrong password → login is refused ⇒ signedOut'
 */
export function pathTitle(path: MachinePath): string {
  const steps = path.steps.slice(1).map((step) => stepName(step.event))
  const state = typeof path.state.value === 'string' ? path.state.value : Object.entries(path.state.value as object).map(([a, b]) => `${a}.${String(b)}`).join(', ')
  return `${steps.join(' → ')} ⇒ ${state}`
}
