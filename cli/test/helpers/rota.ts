import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import type { Io } from '../../src/io.ts'
import { run } from '../../src/program.ts'

/** What one run of `rota` printed and how it exited. */
export interface RotaRun {
  code: number
  stdout: string
  stderr: string
  /** stdout parsed as JSON (for runs with --json). */
  json<T = any>(): T
}

/** A person's machine: a config folder of their own and an environment. */
export interface Machine {
  config: string
  env: Record<string, string | undefined>
  /** Runs `rota` with these arguments; `stdin` is piped in (not a terminal). */
  rota(args: string[], options?: { stdin?: string; interrupt?: AbortSignal; env?: Record<string, string>; onStderr?: (text: string) => void }): Promise<RotaRun>
  /** The credentials file as the CLI left it. */
  credentials(): { current?: string; profiles: Record<string, Record<string, unknown>> }
}

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') }
}

/**
 * A fresh machine for the CLI: an empty XDG_CONFIG_HOME, a home folder, and `rota`
 * run in this process with piped standard streams, as a script would run it.
 * @example
 * const machine = newMachine({ ROTA_HOST: server.url })
 * const { code } = await machine.rota(['whoami'])
 */
export function newMachine(env: Record<string, string> = {}): Machine {
  const config = mkdtempSync(join(tmpdir(), 'rota-cli-config-'))
  const machineEnv = { XDG_CONFIG_HOME: config, ...env }
  return {
    config,
    env: machineEnv,
    async rota(args, options = {}) {
      const stdout = sink()
      const stderr = sink()
      if (options.onStderr) stderr.stream.on('data', (chunk: Buffer) => options.onStderr!(chunk.toString('utf8')))
      const io: Io = {
        stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
        stdout: stdout.stream,
        stderr: stderr.stream,
        env: { ...machineEnv, ...options.env },
        interrupt: options.interrupt ?? new AbortController().signal,
        home: config,
      }
      const code = await run(args, io)
      return { code, stdout: stdout.text(), stderr: stderr.text(), json: () => JSON.parse(stdout.text()) }
    },
    credentials() {
      return JSON.parse(readFileSync(join(config, 'rota', 'credentials.json'), 'utf8'))
    },
  }
}
