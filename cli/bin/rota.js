#!/usr/bin/env node
// An import streams any number of rows through a small working set; V8 would still let
// its heap grow to several times that before collecting. It runs in a child with a
// capped heap (constant, bounded memory), which costs a few milliseconds on a command
// that takes seconds; every other command starts here, at once.
import { spawn } from 'node:child_process'

const HEAP_MB = 64
const capped = process.execArgv.some((flag) => flag.startsWith('--max-old-space-size'))
const importing = process.argv[2] === 'import' || (process.argv[2] === 'shifts' && process.argv[3] === 'import')
if (importing && !capped) {
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' })
  // Ctrl-C reaches the child through the terminal's process group; the parent only waits for it.
  process.on('SIGINT', () => {})
  process.on('SIGTERM', () => child.kill('SIGTERM'))
  child.on('exit', (code, signal) => process.exit(signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : (code ?? 1)))
} else {
  await import('../dist/rota.js')
}
