import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importJobs } from '../../server/src/db/schema/index.ts'
import { locationsFile } from './helpers/files.ts'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'

const cli = fileURLToPath(new URL('..', import.meta.url))
const root = join(cli, '..')
let server: LiveServer
let owner: Account & { token: string }

beforeAll(async () => {
  // The terminal runs the built `rota`, as `npx rota` does after `npm install`.
  execFileSync(process.execPath, ['../scripts/bundle.mjs', 'src/main.ts', 'dist/rota.js'], { cwd: cli })
  server = await startServer()
  owner = await server.register({ email: 'prompted@acme.test', password: 'a passphrase typed at a prompt' })
})
afterAll(() => server.close())

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`
const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')

/**
 * `rota` in a pseudo-terminal (util-linux `script`), so stdin and stderr are real TTYs
 * and the prompts run exactly as for a person: keys typed, screen read back.
 */
function terminal(args: string[], env: Record<string, string> = {}) {
  const config = mkdtempSync(join(tmpdir(), 'rota-tty-'))
  const command = ['exec', quote(process.execPath), quote(join(cli, 'bin/rota.js')), ...args.map(quote)].join(' ')
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: { ...process.env, XDG_CONFIG_HOME: config, TERM: 'xterm-256color', COLUMNS: '120', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let screen = ''
  child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')))
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)))
  return {
    config,
    screen: () => plain(screen),
    async waitFor(pattern: RegExp, timeout = 15_000) {
      const start = Date.now()
      while (!pattern.test(plain(screen))) {
        if (Date.now() - start > timeout) throw new Error(`the screen never showed ${pattern}:\n${plain(screen)}`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
    type: (keys: string) => void child.stdin.write(keys),
    async exit() {
      const code = await exited
      child.stdin.end()
      return code
    },
    credentials: () => JSON.parse(readFileSync(join(config, 'rota', 'credentials.json'), 'utf8')),
  }
}

describe('rota login on a terminal', () => {
  it('asks for the e-mail and a masked password, and signs in', async () => {
    const tty = terminal(['login', '--host', server.url, '--business', owner.business_id])
    await tty.waitFor(/E-mail/)
    // A typo is refused at the prompt, before the password is asked for.
    tty.type('prompted.acme.test\r')
    await tty.waitFor(/Enter a valid e-mail address/)
    tty.type('\x15') // Ctrl-U clears the line
    tty.type(`${owner.email}\r`)
    await tty.waitFor(/Password/)
    tty.type(`${owner.password}\r`)
    expect(await tty.exit()).toBe(0)
    expect(tty.screen()).toContain(`Signed in to Acme`)
    expect(tty.screen()).not.toContain(owner.password)
    expect(tty.screen()).toMatch(/Password \*{10,}/)
    const { current, profiles } = tty.credentials()
    expect(profiles[current].user.email).toBe(owner.email)
  })

  it('lets the person pick the business when the e-mail has several', async () => {
    const shared = { email: 'two@acme.test', password: 'one passphrase for two businesses' }
    await server.register({ ...shared, business_id: `tty-first-${process.pid}` })
    await server.register({ ...shared, business_id: `tty-second-${process.pid}` })
    const tty = terminal(['login', '--host', server.url, '--email', shared.email])
    await tty.waitFor(/Password/)
    tty.type(`${shared.password}\r`)
    await tty.waitFor(new RegExp(`Which one\\?[\\s\\S]*tty-second-${process.pid}`))
    tty.type('\x1b[B\r')
    expect(await tty.exit()).toBe(0)
    expect(tty.screen()).toContain(`(tty-second-${process.pid}) at ${server.url}`)
  })

  it('asks for the e-mailed code when the business requires one, and again after a wrong one', async () => {
    const guarded = await server.register({ email: 'otp@acme.test' })
    const settings = await server.api<{ version: number }>('GET', '/settings', { token: guarded.token })
    await server.api('PUT', '/settings', { token: guarded.token, body: { require_otp: true, version: settings.version } })
    const tty = terminal(['login', '--host', server.url, '--business', guarded.business_id, '--email', guarded.email])
    await tty.waitFor(/Password/)
    tty.type(`${guarded.password}\r`)
    await tty.waitFor(/Code e-mailed to otp@acme\.test/)
    tty.type('000000\r')
    await tty.waitFor(/The code is incorrect\./)
    const mail = (await server.mails()).filter((sent) => sent.to === guarded.email && sent.kind === 'otp').at(-1)
    const code = /\b(\d{6})\b/.exec(mail!.subject)![1]!
    tty.type(`${code}\r`)
    expect(await tty.exit()).toBe(0)
    expect(tty.screen()).toContain(`Signed in to Acme`)
  })

  it('stops at Ctrl-C with exit 130 and keeps nothing', async () => {
    const tty = terminal(['login', '--host', server.url, '--business', owner.business_id])
    await tty.waitFor(/E-mail/)
    tty.type('\x03')
    expect(await tty.exit()).toBe(130)
    expect(tty.screen()).toContain('rota: Cancelled')
    expect(() => tty.credentials()).toThrow()
  })
})

describe('rota import on a terminal', () => {
  it('draws a progress bar in place of progress lines', async () => {
    const token = await server.token(owner)
    const path = await locationsFile('tty.csv', 300)
    const tty = terminal(['import', 'locations', path, '--host', server.url], { ROTA_TOKEN: token })
    expect(await tty.exit()).toBe(0)
    expect(tty.screen()).toContain(`[${'█'.repeat(24)}] 300 rows sent (100%)`)
    expect(tty.screen()).not.toMatch(/^300 rows sent/m)
    expect(tty.screen()).toContain('300 rows read. Imported: 300 created')
  })

  it('cancels on Ctrl-C typed at the terminal: the import runs in a child with a capped heap, and one Ctrl-C still cancels cleanly', async () => {
    const token = await server.token(owner)
    const path = await locationsFile('ctrl-c.csv', 40_000)
    const before = await server.api<{ count: number }>('GET', '/location', { token })
    const tty = terminal(['import', 'locations', path, '--host', server.url], { ROTA_TOKEN: token })
    await tty.waitFor(/rows sent/)
    tty.type('\x03')
    expect(await tty.exit()).toBe(130)
    expect(tty.screen()).toMatch(/cancel/i)
    const after = await server.api<{ count: number }>('GET', '/location', { token })
    expect(after.count).toBe(before.count)
  })
})

/**
 * The built `rota` started by a script or a CI runner: no terminal, so a signal reaches only
 * the process it is sent to; `group` makes it lead a process group of its own, which
 * `signalGroup` signals whole, as a terminal does at Ctrl-C.
 */
function started(args: string[], env: Record<string, string>, { group = false } = {}) {
  const child = spawn(process.execPath, [join(cli, 'bin/rota.js'), ...args], {
    env: { ...process.env, XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'rota-signal-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)))
  return {
    stderr: () => stderr,
    async waitFor(pattern: RegExp, timeout = 15_000) {
      const start = Date.now()
      while (!pattern.test(stderr)) {
        if (Date.now() - start > timeout) throw new Error(`stderr never showed ${pattern}:\n${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
    signal: (signal: NodeJS.Signals) => process.kill(child.pid!, signal),
    signalGroup: (signal: NodeJS.Signals) => process.kill(-child.pid!, signal),
    exit: () => exited,
  }
}

describe('rota import stopped by a signal', () => {
  const importJob = async (fileName: string) => (await server.database.db.select().from(importJobs).where(eq(importJobs.file_name, fileName))).map((job) => job.status)
  const locations = async (token: string) => (await server.api<{ count: number }>('GET', '/location', { token })).count

  it('cancels on SIGINT sent to rota alone (kill -INT, a CI runner cancelling a step), as on Ctrl-C', async () => {
    const token = await server.token(owner)
    const before = await locations(token)
    const rota = started(['import', 'locations', await locationsFile('sigint.csv', 40_000), '--host', server.url], { ROTA_TOKEN: token })
    await rota.waitFor(/rows sent/)
    rota.signal('SIGINT')
    expect(await rota.exit()).toBe(130)
    expect(rota.stderr()).toContain('Cancelling the import on the server…')
    expect(rota.stderr()).toMatch(/rota: Import cancelled: nothing was written\n$/)
    expect(await locations(token)).toBe(before)
    expect(await importJob('sigint.csv')).toEqual(['cancelled'])
  })

  it('cancels once when SIGINT reaches rota and its whole group (the terminal, or timeout -s INT signalling rota and then the group)', async () => {
    const token = await server.token(owner)
    const before = await locations(token)
    const rota = started(['import', 'locations', await locationsFile('sigint-group.csv', 40_000), '--host', server.url], { ROTA_TOKEN: token }, { group: true })
    await rota.waitFor(/rows sent/)
    rota.signal('SIGINT')
    rota.signalGroup('SIGINT')
    expect(await rota.exit()).toBe(130)
    expect(rota.stderr().match(/Cancelling the import on the server…/g)).toHaveLength(1)
    expect(rota.stderr()).toMatch(/rota: Import cancelled: nothing was written\n$/)
    expect(await locations(token)).toBe(before)
    expect(await importJob('sigint-group.csv')).toEqual(['cancelled'])
  })

  it('cancels on SIGTERM too, on the server as well, and exits 143', async () => {
    const token = await server.token(owner)
    const before = await locations(token)
    const rota = started(['import', 'locations', await locationsFile('sigterm.csv', 40_000), '--host', server.url], { ROTA_TOKEN: token })
    await rota.waitFor(/rows sent/)
    rota.signal('SIGTERM')
    expect(await rota.exit()).toBe(143)
    expect(rota.stderr()).toContain('Cancelling the import on the server…')
    expect(rota.stderr()).toMatch(/rota: Import cancelled: nothing was written\n$/)
    expect(await locations(token)).toBe(before)
    expect(await importJob('sigterm.csv')).toEqual(['cancelled'])
  })
})

describe('rota from a fresh clone', () => {
  it('runs as npx rota from the repository root', () => {
    const result = spawnSync('npx', ['--no-install', 'rota', '--help'], { cwd: root, encoding: 'utf8' })
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('Usage: rota [options] [command]')
    expect(result.stdout).toContain('Exit codes:')
  })
})
