// The rota CLI's start-up: `rota --help` against a bare `node -e 0` (medians of 15 runs).
// Imports through the CLI are measured by bench/import.mjs. Prints JSON.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const rota = join(root, 'cli/bin/rota.js')

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function startupMs(args, runs = 15) {
  const times = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const result = spawnSync(process.execPath, args, { stdio: 'ignore' })
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`)
    times.push(performance.now() - start)
  }
  return Math.round(median(times) * 10) / 10
}

const node = startupMs(['-e', '0'])
const help = startupMs([rota, '--help'])
console.log(JSON.stringify({ cli: { startup: { rota_help_ms: help, node_e0_ms: node, ratio: Math.round((help / node) * 100) / 100, target: '≤ 2' } } }, null, 2))
