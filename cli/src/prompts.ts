import { input, password, select } from '@inquirer/prompts'
import { interrupted, usageError } from './errors.ts'
import { isInteractive, type Io } from './io.ts'

/**
 * The questions `rota` may ask, on the terminal's stderr so stdout stays for results.
 * Each one refuses to run without a terminal (naming the option to pass instead),
 * and Ctrl-C at a prompt ends the command as cancelled.
 */
export interface Prompts {
  text(message: string, options: { instead: string; validate?: (value: string) => true | string }): Promise<string>
  secret(message: string, options: { instead: string }): Promise<string>
  choose<T>(message: string, choices: { name: string; value: T }[], options: { instead: string }): Promise<T>
}

async function asked<T>(question: Promise<T>): Promise<T> {
  try {
    return await question
  } catch (error) {
    if (error instanceof Error && ['ExitPromptError', 'AbortPromptError', 'CancelPromptError'].includes(error.name)) throw interrupted()
    throw error
  }
}

/**
 * Prompts on the command's terminal.
 * @example
 * const email = await prompts(io).text('E-mail', { instead: '--email' })
 */
export function prompts(io: Io): Prompts {
  const context = { input: io.stdin, output: io.stderr, signal: io.interrupt }
  const needTerminal = (instead: string) => {
    if (!isInteractive(io)) throw usageError(`No terminal to ask on: pass ${instead}`)
  }
  return {
    async text(message, { instead, validate }) {
      needTerminal(instead)
      return asked(input({ message, validate: validate ?? ((value) => value.trim() !== '' || 'Required') }, context))
    },
    async secret(message, { instead }) {
      needTerminal(instead)
      return asked(password({ message, mask: true, validate: (value) => value !== '' || 'Required' }, context))
    },
    async choose(message, choices, { instead }) {
      needTerminal(instead)
      return asked(select({ message, choices }, context))
    },
  }
}

/**
 * Reads standard input to its end, as `--password-stdin` does (`docker login` style):
 * one trailing newline is dropped, so `echo "$PASSWORD" |` works as well as `printf %s`.
 * @example
 * const password = await readStdin(io)
 */
export async function readStdin(io: Io): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '')
}
