import { LIVE_PASSWORDS, type MachinePath } from '@rota/machines/testing'
import type { AnyEventObject } from 'xstate'

const ending = /^xstate\.(done|error)\.actor\.(.+)$/

function stepName(event: AnyEventObject): string {
  const match = ending.exec(event.type)
  if (match) return `${match[2]} ${match[1] === 'done' ? (match[2] === 'restore' && event['output'] === null ? 'finds nothing' : 'answers') : 'is refused'}`
  if (event.type === 'session.login') return event['password'] === LIVE_PASSWORDS.right ? 'sign in' : 'sign in with a wrong password'
  return event.type
}

/**
 * A path as a report names it: its steps, then the state it ends in; passwords and
 * tokens never appear.
 * @example
 * pathTitle(path) // 'restore finds nothing → sign in with a wrong password → login is refused ⇒ signedOut'
 */
export function pathTitle(path: MachinePath): string {
  const steps = path.steps.slice(1).map((step) => stepName(step.event))
  const value = path.state.value
  const state = typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([parent, child]) => `${parent}.${String(child)}`).join(', ')
  return `${steps.join(' → ')} ⇒ ${state}`
}
