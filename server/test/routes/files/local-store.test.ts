import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let neighbour: Owner

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  neighbour = await registerBusiness(t)
})
afterAll(() => t.close())

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real 2×2 RGB PNG (any image viewer opens it). */
function tinyPng(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(2, 0)
  header.writeUInt32BE(2, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, no filter, no interlace
  const rows = Buffer.from([0, 13, 148, 136, 255, 255, 255, 0, 0, 0, 0, 13, 148, 136])
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer }

/** A multipart/form-data body as a browser sends it, parts in the order given. */
function form(parts: Part[]) {
  const boundary = `----rota${Math.random().toString(16).slice(2)}`
  const pieces = parts.flatMap((part) => [
    Buffer.from(
      'value' in part
        ? `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
        : `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\ncontent-type: ${part.type}\r\n\r\n`,
    ),
    ...('bytes' in part ? [part.bytes, Buffer.from('\r\n')] : []),
  ])
  return { payload: Buffer.concat([...pieces, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const api = (method: 'GET' | 'DELETE', url: string, token = owner.tokens.token, app = t) => app.request({ method, url: `/api/v1${url}`, headers: bearer(token) })

/** The upload URL /upload_sign_url hands out: the store's address with its signed grant. */
async function grantFor(token = owner.tokens.token, folder = 'avatars'): Promise<string> {
  const response = await api('GET', `/upload_sign_url?folder=${folder}`, token)
  expect(response.statusCode).toBe(200)
  return response.json().data.url
}

const upload = (url: string, parts: Part[]) => t.request({ method: 'POST', url, ...form(parts) })
const png = (bytes = tinyPng(), filename = 'me.png', type = 'image/png'): Part => ({ name: 'file', filename, type, bytes })

async function stored(token = owner.tokens.token): Promise<{ id: string; bytes: Buffer }> {
  const bytes = tinyPng()
  const response = await upload(await grantFor(token), [png(bytes)])
  expect(response.statusCode, response.body).toBe(201)
  return { id: response.json().data.id, bytes }
}

describe('GET /upload_sign_url', () => {
  it('hands out a grant for Rota’s own store when Cloudinary is not configured', async () => {
    const response = await api('GET', '/upload_sign_url')
    expect(response.json().data).toEqual({
      provider: 'local',
      url: expect.stringMatching(/^\/api\/v1\/file\?grant=[\w-]+\.[\w-]+$/),
      fields: {},
      max_bytes: 5 * 1024 * 1024,
      accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    })
    expect((await api('GET', '/upload_sign_url?folder=logos')).statusCode).toBe(200)
  })

  it('answers 400 for an unknown folder and 401 without a token', async () => {
    const response = await api('GET', '/upload_sign_url?folder=documents')
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toHaveProperty('folder')
    expect((await t.request({ method: 'GET', url: '/api/v1/upload_sign_url' })).statusCode).toBe(401)
  })
})

describe('POST /file', () => {
  it('stores a real PNG and serves the same bytes back as a sandboxed image', async () => {
    const bytes = tinyPng()
    const response = await upload(await grantFor(), [png(bytes)])
    expect(response.statusCode).toBe(201)
    const file = response.json().data
    expect(file).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), provider: 'local', content_type: 'image/png', size: bytes.length })

    const served = await t.request({ method: 'GET', url: `/api/v1/file/${file.id}` })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(bytes)).toBe(true)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    const row = (await auditRows(t, owner.business_id, 'files.upload')).at(-1)
    expect(row).toMatchObject({ record_id: file.id, actor_id: (await api('GET', '/profile')).json().data.id, after: { content_type: 'image/png', folder: 'avatars' } })
  })

  it('goes by the bytes, not the name or the type the browser claimed', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)])
    const response = await upload(await grantFor(), [png(jpeg, 'photo.png', 'image/png')])
    expect(response.json().data.content_type).toBe('image/jpeg')
  })

  it('refuses SVG and HTML dressed up as PNG (415), storing nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>')
    const uploadsBefore = (await auditRows(t, owner.business_id, 'files.upload')).length
    for (const bytes of [svg, html]) {
      const response = await upload(await grantFor(), [png(bytes, 'innocent.png', 'image/png')])
      expect(response.statusCode).toBe(415)
      expect(response.json().code).toBe('unsupported_file_type')
    }
    expect(await auditRows(t, owner.business_id, 'files.upload')).toHaveLength(uploadsBefore)
  })

  it('refuses a file over 5 MB (413)', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)])
    const response = await upload(await grantFor(), [png(big)])
    expect(response.statusCode).toBe(413)
    expect(response.json().code).toBe('payload_too_large')
  })

  it('refuses an upload without a grant, with a forged one or another business’s, before reading the body (403)', async () => {
    const url = await grantFor()
    const grant = new URL(url, 'http://rota.test').searchParams.get('grant')!
    const [payload, signature] = grant.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'))
    const forged = `${Buffer.from(JSON.stringify({ ...claims, businessId: neighbour.business_id })).toString('base64url')}.${signature}`
    for (const target of ['/api/v1/file', `/api/v1/file?grant=${forged}`, '/api/v1/file?grant=garbage', '/api/v1/file?grant=a.b.c']) {
      const response = await upload(target, [{ name: 'grant', value: grant }, png()])
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('forbidden')
    }
    const unread = await t.request({ method: 'POST', url: '/api/v1/file', headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, payload: '{"a":1}' })
    expect(unread.statusCode).toBe(403)
  })

  it('refuses an expired grant (403)', async () => {
    const me = (await api('GET', '/profile')).json().data
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now - 11 * 60_000)
    const stale = t.app.services.files.local.sign({ businessId: owner.business_id, userId: me.id, folder: 'avatars' })
    clock.mockRestore()
    const response = await upload(stale.url, [png()])
    expect(response.statusCode).toBe(403)
  })

  it('answers 400 when no file comes with the grant, 400 for malformed or truncated multipart, and 415 for a body that is not multipart', async () => {
    const empty = await upload(await grantFor(), [])
    expect(empty.statusCode).toBe(400)
    expect(empty.json().details).toEqual({ file: 'Required' })
    const url = await grantFor()
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=zzz', '{"a":1}'],
      ['multipart/form-data', '--zzz\r\n'],
      ['multipart/form-data; boundary=zzz', '--zzz\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG'],
    ] as const) {
      const response = await t.request({ method: 'POST', url, headers: { 'content-type': contentType }, payload })
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_multipart', message: 'The upload is not valid multipart form data.' })
    }
    const json = await t.request({ method: 'POST', url: await grantFor(), payload: { a: 1 } })
    expect(json.statusCode).toBe(415)
  })
})

describe('GET /file/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/file/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/v1/file/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404)
  })
})

describe('DELETE /file', () => {
  it('lets the uploader delete their file: it is gone afterwards', async () => {
    const { id } = await stored()
    const response = await api('DELETE', `/file?id=${id}`)
    expect(response.statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: `/api/v1/file/${id}` })).statusCode).toBe(404)
    expect((await api('DELETE', `/file?id=${id}`)).statusCode).toBe(404)
    expect((await auditRows(t, owner.business_id, 'files.delete')).at(-1)).toMatchObject({ record_id: id, actor_email: owner.email })
  })

  it('answers 404 to another business, and the file stays', async () => {
    const { id, bytes } = await stored()
    expect((await api('DELETE', `/file?id=${id}`, neighbour.tokens.token)).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: `/api/v1/file/${id}` })).rawPayload.equals(bytes)).toBe(true)
  })

  it('refuses a colleague’s file to a non-administrator (403) and lets an administrator remove it', async () => {
    await addUser(t, owner.business_id, { email: 'colleague@example.com', password: 'a passphrase nobody guesses' })
    const colleague = (await login(t, 'colleague@example.com', 'a passphrase nobody guesses', owner.business_id)).body.data.token
    const mine = await stored()
    expect((await api('DELETE', `/file?id=${mine.id}`, colleague)).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: `/api/v1/file/${mine.id}` })).statusCode).toBe(200)
    const theirs = await stored(colleague)
    expect((await api('DELETE', `/file?id=${theirs.id}`)).statusCode).toBe(200)
  })

  it('answers 404 for an id that is not one of Rota’s and 400 without one', async () => {
    expect((await api('DELETE', '/file?id=not-a-file')).statusCode).toBe(404)
    expect((await api('DELETE', '/file')).statusCode).toBe(400)
  })
})
