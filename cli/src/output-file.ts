import { once } from 'node:events'
import { accessSync, constants, createWriteStream, statSync, type Stats } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { finished } from 'node:stream/promises'
import { CliError, EXIT, usageError, type ExitCode } from './errors.ts'

/**
 * Why `output` could not be written, or null: asked before anything is fetched or sent, so
 * that a command never does its work (an import written, a year exported) and then fails
 * for where it was asked to put the result.
 * @example
 * whyNotWritable('/nonexistent/dir/rejected.csv') // 'there is no folder /nonexistent/dir'
 */
export function whyNotWritable(output: string): string | null {
  const path = resolve(output)
  const folder = dirname(path)
  const found = statOf(path)
  if (found?.isDirectory()) return 'it is a folder'
  if (found) return writable(path) ? null : 'it may not be written to'
  // Not there yet: it will be made, if its folder takes it.
  const parent = statOf(folder)
  if (!parent) return `there is no folder ${folder}`
  if (!parent.isDirectory()) return `${folder} is not a folder`
  return writable(folder) ? null : `${folder} may not be written to`
}

function statOf(path: string): Stats | null {
  try {
    return statSync(path)
  } catch {
    return null
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Refuses, as a usage error (exit 2), an output file that could not be written.
 * @example
 * if (options.output) checkWritable(options.output) // rota: Cannot write /nonexistent/x.csv: there is no folder /nonexistent
 */
export function checkWritable(output: string): void {
  const why = whyNotWritable(output)
  if (why) throw usageError(`Cannot write ${output}: ${why}`)
}

const REASONS: Record<string, string> = {
  ENOENT: 'its folder is gone',
  EISDIR: 'it is a folder',
  EACCES: 'it may not be written to',
  EPERM: 'it may not be written to',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
}

/** A failure of the file system said as where and why: `Cannot write week.csv: the disk is full`. */
function cannotWrite(output: string, error: unknown, exitCode: ExitCode = EXIT.failure): CliError {
  const { code, message } = error as NodeJS.ErrnoException
  return new CliError(`Cannot write ${output}: ${(code && REASONS[code]) ?? message}`, exitCode)
}

/** A file a command writes its output into, each failure said as `Cannot write PATH: reason`. */
export interface OutputFile {
  readonly path: string
  /** Writes text, waiting only when the disk falls behind. */
  write(text: string): Promise<void>
  /** Ends the file once everything written is on disk. */
  close(): Promise<void>
  /** Stops writing and removes the file: half an export is worse than none. */
  discard(): Promise<void>
}

/**
 * Opens `output` for writing (only its owner may read it), or refuses it as a usage error
 * before anything is written. A write that fails later (a full disk) ends the command with
 * `Cannot write PATH: …` rather than Node's unhandled 'error' event.
 * @example
 * const file = await openOutputFile('week.csv')
 * await file.write('date,start\r\n')
 * await file.close()
 */
export async function openOutputFile(output: string): Promise<OutputFile> {
  checkWritable(output)
  const stream = createWriteStream(output, { mode: 0o600 })
  let failure: CliError | undefined
  // Kept from the first error on, so that no later write waits for a stream that is gone.
  stream.on('error', (error) => (failure ??= cannotWrite(output, error)))
  try {
    await once(stream, 'open')
  } catch (error) {
    throw cannotWrite(output, error, EXIT.usage)
  }
  const fail = (error: unknown): never => {
    throw failure ?? cannotWrite(output, error)
  }
  return {
    path: output,
    async write(text) {
      if (failure) throw failure
      if (!stream.write(text)) await once(stream, 'drain').catch(fail)
    },
    async close() {
      if (failure) throw failure
      await finished(stream.end()).catch(fail)
    },
    async discard() {
      if (!stream.closed) {
        stream.destroy()
        await once(stream, 'close')
      }
      // Only what this opened as a file is removed: `--output /dev/null` stays.
      if (statSync(output, { throwIfNoEntry: false })?.isFile()) await rm(output, { force: true })
    },
  }
}

/**
 * Writes the whole of `text` to `output`, for an output already held in memory.
 * @example
 * await writeOutputFile('payroll-12.csv', csv)
 */
export async function writeOutputFile(output: string, text: string): Promise<void> {
  const file = await openOutputFile(output)
  try {
    await file.write(text)
    await file.close()
  } catch (error) {
    await file.discard()
    throw error
  }
}
