#!/usr/bin/env node
// An import streams any number of rows through a small working set; V8 would still let
// its heap grow to several times that before collecting. It runs in a child with a
// capped heap (constant, bounded memory), which costs a few milliseconds on a command
// that takes seconds; every other command starts here, at once.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'

const HEAP_MB = 64
const capped = process.execArgv.some((flag) => flag.startsWith('--max-old-space-size'))
const importing = process.argv[2] === 'import' || (process.argv[2] === 'shifts' && process.argv[3] === 'import')
if (importing && !capped) {
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ROTA_SIGNALS: 'parent' },
  })
  // The terminal sends Ctrl-C to the whole process group, but `kill`, `timeout` and CI
  // runners signal only this process: the child hears SIGINT and SIGTERM from here alone,
  // once each (src/main.ts). Until it says it listens, a signal ends it as it would any process.
  let listening = false
  child.once('message', () => (listening = true))
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => (listening && child.connected ? child.send({ signal }, () => {}) : child.kill(signal)))
  }
  child.on('exit', (code, signal) => process.exit(signal ? 128 + constants.signals[signal] : (code ?? 1)))
} else {
  await import('../dist/rota.js')
}
