import { homedir } from 'node:os'
import { run } from './program.ts'

// The first Ctrl-C asks the running command to stop and clean up (an import cancels on
// the server); a second one leaves at once.
const interrupt = new AbortController()
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(130)
  interrupt.abort()
})

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  interrupt: interrupt.signal,
  home: homedir(),
})
process.exit(code)
