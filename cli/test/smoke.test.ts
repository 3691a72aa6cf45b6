import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine } from './helpers/rota.ts'

let server: LiveServer
let account: Account

beforeAll(async () => {
  server = await startServer()
  account = await server.register({ email: 'smoke@acme.test' })
})
afterAll(() => server.close())

const smoke = (host: string, extra: string[] = []) =>
  newMachine().rota(['smoke', '--host', host, '--business', account.business_id, '--email', account.email, '--password-stdin', ...extra], { stdin: account.password })

/** A deployment whose settings route is broken: a proxy answering 500 there and passing the rest through. */
async function brokenSettings(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy: Server = createServer((incoming, outgoing) => {
    if (incoming.url?.startsWith('/api/v1/settings')) {
      outgoing.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Something went wrong on our side.', code: 'internal_error' }))
      return
    }
    const forward = request(`${target}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    incoming.pipe(forward)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  }
}

describe('rota smoke', () => {
  it('walks the session and token-refresh paths against a healthy deployment and exits 0', async () => {
    const run = await smoke(server.url, ['--json'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const report = run.json()
    expect(report).toMatchObject({ host: server.url, failed: 0 })
    const names = report.paths.map((path: { machine: string; name: string }) => `${path.machine}: ${path.name}`)
    expect(names).toContain('session: restore finds nothing → sign in → login answers → fetchUser answers → fetchSettings answers → session.logout → logout answers ⇒ signedOut')
    expect(names).toContain('session: restore finds nothing → sign in with a wrong password → login is refused ⇒ signedOut')
    expect(names.some((name: string) => name.startsWith('token-refresh:') && name.includes('refresh answers ⇒ idle'))).toBe(true)
    expect(names.some((name: string) => name.startsWith('token-refresh:') && name.includes('refresh is refused'))).toBe(true)
    expect(JSON.stringify(report)).not.toContain(account.password)
  })

  it('writes a JUnit report with one test case per path', async () => {
    const output = join(mkdtempSync(join(tmpdir(), 'rota-smoke-')), 'smoke.xml')
    const run = await smoke(server.url, ['--reporter', 'junit', '--output', output])
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(/paths walked, all passed .* JUnit report written to /)
    const xml = readFileSync(output, 'utf8')
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="rota smoke" tests="(\d+)" failures="0"/)
    expect(xml).toContain('<testsuite name="session machine"')
    expect(xml).toContain('<testsuite name="token-refresh machine"')
    const tests = Number(/tests="(\d+)"/.exec(xml)?.[1])
    expect(xml.match(/<testcase /g)).toHaveLength(tests)
  })

  it('exits 1 naming the failing path when the deployment breaks one', async () => {
    const proxy = await brokenSettings(server.url)
    try {
      const output = join(mkdtempSync(join(tmpdir(), 'rota-smoke-')), 'smoke.xml')
      const run = await smoke(proxy.url, ['--reporter', 'junit', '--output', output])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain('rota: smoke failed on session: restore finds nothing → sign in → login answers → fetchUser answers → fetchSettings answers')
      expect(run.stderr).toContain('⇒ signedOut: "fetchSettings" failed: Something went wrong on our side., but the path expects it to answer\n')
      expect(run.stderr).not.toContain('Path:')
      expect(readFileSync(output, 'utf8')).toContain('<failure message="&quot;fetchSettings&quot; failed: Something went wrong on our side., but the path expects it to answer"/>')
    } finally {
      await proxy.close()
    }
  })

  it('fails every signed-in path with a wrong smoke password, and says why', async () => {
    const run = await newMachine().rota(['smoke', '--host', server.url, '--business', account.business_id, '--email', account.email, '--password-stdin'], { stdin: 'not the password' })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('"login" failed: The business, e-mail or password is incorrect., but the path expects it to answer\n')
  })

  it('refuses an --output it cannot write before walking anything (exit 2)', async () => {
    const run = await smoke(server.url, ['--reporter', 'junit', '--output', '/nonexistent/dir/smoke.xml'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('rota: Cannot write /nonexistent/dir/smoke.xml: there is no folder /nonexistent/dir\n')
  })

  it('is a usage error without the account to use', async () => {
    const run = await newMachine().rota(['smoke', '--host', server.url])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("required option '--business <id>' not specified")
  })
})
