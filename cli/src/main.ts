import { homedir } from 'node:os'
import { EXIT } from './errors.ts'
import { run } from './program.ts'

type StopSignal = 'SIGINT' | 'SIGTERM'
const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM']
const LEAVE_CODE = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated } as const

/** A signal this soon after the first is the same one delivered twice: `timeout` signals its command, then the command's group. */
const SAME_SIGNAL_MS = 500
/** What a command is given after SIGTERM to clean up: one with nothing to clean up ignores the request. */
const TERMINATE_GRACE_MS = 5000

// The first Ctrl-C or SIGTERM asks the running command to stop and clean up (an import
// cancels on the server); a second one leaves at once.
const interrupt = new AbortController()
let firstSignalAt = 0
function stop(signal: StopSignal): void {
  if (!interrupt.signal.aborted) {
    firstSignalAt = Date.now()
    interrupt.abort(signal)
    if (signal === 'SIGTERM') setTimeout(() => process.exit(EXIT.terminated), TERMINATE_GRACE_MS).unref()
  } else if (Date.now() - firstSignalAt >= SAME_SIGNAL_MS) {
    process.exit(LEAVE_CODE[signal])
  }
}

if (process.env['ROTA_SIGNALS'] === 'parent' && process.channel) {
  // An import, run by bin/rota.js in a child with a capped heap. The terminal signals both
  // processes at Ctrl-C, `kill` or a CI runner only the parent: the parent passes on each
  // signal it gets, and the child hears signals from it alone, so each arrives once.
  for (const signal of STOP_SIGNALS) process.on(signal, () => {})
  process.on('message', (message) => {
    const { signal } = message as { signal?: StopSignal }
    if (signal && STOP_SIGNALS.includes(signal)) stop(signal)
  })
  // Without the parent nobody is left to pass signals on or to report the outcome.
  process.on('disconnect', () => stop('SIGTERM'))
  process.channel.unref()
  process.send?.('ready')
} else {
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal))
}

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  interrupt: interrupt.signal,
  home: homedir(),
})
process.exit(code)
