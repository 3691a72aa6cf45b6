// `npm start`: builds what is missing or older than its sources (the web app, the
// server bundle), then runs Rota. Configuration comes from the environment (README).
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const shared = ['core/src', 'machines/src', 'package-lock.json']

const targets = [
  { workspace: 'web', output: 'web/dist/index.html', sources: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', ...shared] },
  { workspace: 'server', output: 'server/dist/server.js', sources: ['server/src', 'server/drizzle', ...shared] },
]

for (const target of targets) {
  const output = join(root, target.output)
  if (existsSync(output) && newest(target.sources) <= statSync(output).mtimeMs) continue
  console.log(`Building ${target.workspace}…`)
  execSync(`npm run build --silent -w ${target.workspace}`, { cwd: root, stdio: 'inherit' })
}

await import(join(root, 'server/dist/server.js'))

/** The latest modification time under the given paths. */
function newest(paths) {
  let latest = 0
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry))
    else latest = Math.max(latest, stat.mtimeMs)
  }
  for (const path of paths) visit(join(root, path))
  return latest
}
