// `npm start`: builds what is missing or was built from other sources (the web app, the
// server bundle), then runs Rota. Configuration comes from the environment (README).
// A build is judged by a hash of its sources, not by file times: a copied or unpacked
// checkout gives every file a new time, and an old bundle would pass for a new one.
import { execSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const shared = ['core/src', 'machines/src', 'package-lock.json']

const targets = [
  { workspace: 'web', output: 'web/dist/index.html', stamp: 'web/dist/.sources', sources: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', ...shared] },
  { workspace: 'server', output: 'server/dist/server.js', stamp: 'server/dist/.sources', sources: ['server/src', 'server/drizzle', ...shared] },
]

for (const target of targets) {
  const hash = sourcesHash(target.sources)
  const stamp = join(root, target.stamp)
  if (existsSync(join(root, target.output)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue
  console.log(`Building ${target.workspace}…`)
  execSync(`npm run build --silent -w ${target.workspace}`, { cwd: root, stdio: 'inherit' })
  writeFileSync(stamp, hash)
}

await import(join(root, 'server/dist/server.js'))

/** A hash of every file under the given paths: their names and contents. */
function sourcesHash(paths) {
  const hash = createHash('sha256')
  const visit = (path) => {
    if (!existsSync(path)) return
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path).sort()) visit(join(path, entry))
    else hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0')
  }
  for (const path of paths) visit(join(root, path))
  return hash.digest('hex')
}
