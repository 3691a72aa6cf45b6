import type { Readable, Writable } from 'node:stream'

/** A stream that may be attached to a terminal. */
export type TerminalReadable = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown }
export type TerminalWritable = Writable & { isTTY?: boolean; columns?: number }

/**
 * Everything a command touches outside itself. The entry point hands in the process's;
 * tests hand in buffers, a temporary config folder and their own environment.
 * Results go to stdout; prompts, progress and notices to stderr, so `--json` output
 * stays parseable when piped.
 * @example
 * const code = await run(['whoami', '--json'], { ...nodeIo(), env: { ...process.env, XDG_CONFIG_HOME: dir } })
 */
export interface Io {
  stdin: TerminalReadable
  stdout: TerminalWritable
  stderr: TerminalWritable
  env: Readonly<Record<string, string | undefined>>
  /** Aborted on Ctrl-C or SIGTERM (its reason, 'SIGINT' or 'SIGTERM', says which): a long command stops and cleans up before it returns. */
  interrupt: AbortSignal
  /** The home folder, for `~/.config` when XDG_CONFIG_HOME is not set. */
  home: string
}

/** Whether prompts may be shown: a person sits at a terminal on both ends. */
export function isInteractive(io: Io): boolean {
  return io.stdin.isTTY === true && io.stderr.isTTY === true
}

/** Writes one line to stderr: progress, notices, the one-line error. */
export function note(io: Io, line: string): void {
  io.stderr.write(`${line}\n`)
}
