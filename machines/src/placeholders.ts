import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate'

/**
 * An actor the platform must provide: until it does, invoking it fails with a message
 * naming what is missing, so a forgotten `machine.provide` shows up as an error state
 * instead of a hang.
 * @example
 * setup({ actors: { login: notProvided<LoginResult, LoginInput>('login') } })
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`Provide the "${name}" actor with machine.provide()`)))
}

/**
 * The text to show for a failed call: the API client's errors carry the server's
 * message; anything else gets a generic one.
 * @example
 * errorMessage(new ApiError({ status: 401, message: 'Wrong e-mail or password' })) // 'Wrong e-mail or password'
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message
  return 'Something went wrong'
}
