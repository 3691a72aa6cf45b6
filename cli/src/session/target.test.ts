import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { Io } from '../io.ts'
import { profileStore } from './credentials-file.ts'
import { makeCurrent, normalizeHost, resolveTarget } from './target.ts'

function io(env: Record<string, string> = {}): Io {
  const config = mkdtempSync(join(tmpdir(), 'rota-target-'))
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() })
  return { stdin: Readable.from([]), stdout: sink, stderr: sink, env: { XDG_CONFIG_HOME: config, ...env }, interrupt: new AbortController().signal, home: config }
}

describe('normalizeHost', () => {
  it('reads hosts as people type them', () => {
    expect(normalizeHost('localhost:3000')).toBe('http://localhost:3000')
    expect(normalizeHost('127.0.0.1:8080/')).toBe('http://127.0.0.1:8080')
    expect(normalizeHost('rota.example.com')).toBe('https://rota.example.com')
    expect(normalizeHost('https://rota.example.com/api/v1/')).toBe('https://rota.example.com')
    expect(normalizeHost('https://example.com/rota')).toBe('https://example.com/rota')
  })

  it('refuses what is not an http URL, as a usage error', () => {
    expect(() => normalizeHost('ftp://rota.example.com')).toThrow(expect.objectContaining({ exitCode: 2 }))
    expect(() => normalizeHost('http://')).toThrow(expect.objectContaining({ exitCode: 2 }))
  })
})

describe('resolveTarget', () => {
  it('uses --host, then ROTA_HOST, then the last profile signed in, then localhost:3000', () => {
    const machine = io()
    expect(resolveTarget(machine, {}).host).toBe('http://localhost:3000')
    const staging = resolveTarget(machine, { host: 'staging.example.com' })
    staging.store.set('token', 't1')
    makeCurrent(staging)
    expect(resolveTarget(machine, {})).toMatchObject({ host: 'https://staging.example.com', profile: 'staging.example.com' })
    expect(resolveTarget({ ...machine, env: { ...machine.env, ROTA_HOST: 'localhost:4000' } }, {}).host).toBe('http://localhost:4000')
    expect(resolveTarget(machine, { host: 'localhost:5000' }).host).toBe('http://localhost:5000')
  })

  it('finds a named profile\'s host', () => {
    const machine = io()
    profileStore(join(machine.home, 'rota', 'credentials.json'), 'work', 'https://work.example.com').set('token', 't')
    expect(resolveTarget(machine, { profile: 'work' })).toMatchObject({ host: 'https://work.example.com', profile: 'work' })
    expect(resolveTarget(machine, { profile: 'work' }).store.get('token')).toBe('t')
  })

  it('takes the session from ROTA_TOKEN and writes nothing', () => {
    const target = resolveTarget(io({ ROTA_TOKEN: 'ci-token', ROTA_HOST: 'rota.example.com' }), {})
    expect(target).toMatchObject({ host: 'https://rota.example.com', baseURL: 'https://rota.example.com/api/v1', fromEnvironment: true })
    expect(target.store.get('token')).toBe('ci-token')
    expect(target.store.get('refresh_token')).toBeNull()
  })
})
