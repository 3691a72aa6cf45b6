/** The exit codes of `rota`, documented in its help and README. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  /** Not signed in, session over, or no permission. */
  auth: 3,
  /** The input was refused: a bad row, a bad e-mail, a missing column. */
  validation: 4,
  /** Ctrl-C: the shell's convention (128 + SIGINT). */
  interrupted: 130,
  /** Cancelled by SIGTERM (a process manager, `kill`): 128 + SIGTERM. */
  terminated: 143,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/**
 * An error a command throws to end with a given exit code and a one-line message.
 * @example
 * throw new CliError('Pass --business: this e-mail has accounts in acme and brite', EXIT.usage)
 */
export class CliError extends Error {
  override readonly name = 'CliError'
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message)
  }
}

/**
 * A command was called wrongly: a missing argument, a prompt needed without a terminal.
 * @example
 * throw usageError('Give a CSV file: rota import locations clients.csv')
 */
export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage)
}

/**
 * There is no session to use.
 * @example
 * throw notSignedIn('http://localhost:3000')
 */
export function notSignedIn(host: string): CliError {
  return new CliError(`Not signed in to ${host}: run rota login --host ${host}`, EXIT.auth)
}

/**
 * The user stopped the command (Ctrl-C or Escape at a prompt).
 * @example
 * if (signal.aborted) throw interrupted('Import cancelled: nothing was written')
 */
export function interrupted(message = 'Cancelled'): CliError {
  return new CliError(message, EXIT.interrupted)
}
