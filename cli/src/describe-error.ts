import { AbortError, ApiError, NetworkError, TimeoutError } from '@rota/core'
import { CliError, EXIT, type ExitCode } from './errors.ts'

/** What the entry point prints and exits with for a failure. */
export interface Failure {
  message: string
  exitCode: ExitCode
  /** Machine-readable extras for `--json`: the server's code and details. */
  code?: string
  details?: unknown
}

/** `{ email: 'Enter a valid e-mail address' }` → `email: Enter a valid e-mail address`. */
function fieldDetails(details: unknown): string {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return ''
  return Object.entries(details)
    .filter(([, value]) => typeof value === 'string')
    .map(([field, value]) => `${field}: ${String(value)}`)
    .join('; ')
}

function exitCodeOf(error: ApiError): ExitCode {
  if (error.status === 401 || error.status === 403) return EXIT.auth
  if (error.status === 400 || error.status === 422) return EXIT.validation
  return EXIT.failure
}

/**
 * Any error as one line and an exit code: the server's own message (with the fields it
 * refused), a clear line for an unreachable host, and for a bug its message alone
 * (the stack only with --debug).
 * @example
 * describeError(new ApiError({ status: 403, code: 'forbidden', message: 'You do not have permission to do this.' }), host)
 * // { message: 'You do not have permission to do this.', exitCode: 3, code: 'forbidden' }
 */
export function describeError(error: unknown, host: string): Failure {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode }
  if (error instanceof ApiError) {
    // A conflict's message already says which record is in the way; its details only repeat it.
    const fields = error.status === 409 ? '' : fieldDetails(error.details)
    const message = error.status === 401 && error.code !== 'invalid_credentials' ? `${error.message} Run rota login --host ${host}` : error.message
    return { message: fields ? `${message} (${fields})` : message, exitCode: exitCodeOf(error), code: error.code, details: error.details }
  }
  if (error instanceof NetworkError) return { message: `Cannot reach ${host}: is Rota running there?`, exitCode: EXIT.failure, code: 'network_error' }
  if (error instanceof TimeoutError) return { message: `${host} did not answer in time`, exitCode: EXIT.failure, code: 'timeout' }
  if (error instanceof AbortError) return { message: 'Cancelled', exitCode: EXIT.interrupted, code: 'cancelled' }
  const message = error instanceof Error ? error.message : String(error)
  return { message: message || 'Something went wrong', exitCode: EXIT.failure }
}
