import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { credentialsPath, profileStore, readCredentials } from './credentials-file.ts'

const path = () => join(mkdtempSync(join(tmpdir(), 'rota-credentials-')), 'rota', 'credentials.json')

describe('the credentials file', () => {
  it('lives under XDG_CONFIG_HOME, or ~/.config', () => {
    expect(credentialsPath({ XDG_CONFIG_HOME: '/tmp/cfg' }, '/home/ada')).toBe('/tmp/cfg/rota/credentials.json')
    expect(credentialsPath({}, '/home/ada')).toBe('/home/ada/.config/rota/credentials.json')
  })

  it('keeps each profile apart, readable by its owner only, in a folder only they can enter', () => {
    const file = path()
    const acme = profileStore(file, 'acme.example.com', 'https://acme.example.com')
    acme.set('token', 't1')
    acme.set('user', JSON.stringify({ email: 'ada@acme.ca' }))
    profileStore(file, 'staging', 'https://staging.example.com').set('token', 't2')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700)
    expect(readCredentials(file).profiles).toEqual({
      'acme.example.com': { host: 'https://acme.example.com', token: 't1', user: { email: 'ada@acme.ca' } },
      staging: { host: 'https://staging.example.com', token: 't2' },
    })
    expect(acme.get('user')).toBe('{"email":"ada@acme.ca"}')
  })

  it('forgets one profile\'s session on clear, keeping its host, and leaves the others', () => {
    const file = path()
    const acme = profileStore(file, 'acme', 'https://acme.example.com')
    acme.set('token', 't1')
    profileStore(file, 'other', 'https://other.example.com').set('token', 't2')
    acme.clear()
    expect(acme.get('token')).toBeNull()
    expect(readCredentials(file).profiles).toEqual({ acme: { host: 'https://acme.example.com' }, other: { host: 'https://other.example.com', token: 't2' } })
  })

  it('treats a damaged file as empty instead of failing every command', () => {
    const file = path()
    profileStore(file, 'acme', 'https://acme.example.com').set('token', 't1')
    writeFileSync(file, '{ not json')
    expect(readCredentials(file)).toEqual({ profiles: {} })
    profileStore(file, 'acme', 'https://acme.example.com').set('token', 't3')
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.acme.token).toBe('t3')
  })
})
