import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCloudinary } from '../../../src/services/file-store.ts'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

const api = (app: TestApp, method: 'GET' | 'DELETE', url: string, token: string) => app.request({ method, url: `/api/v1${url}`, headers: bearer(token) })

describe('with Cloudinary configured', () => {
  const CLOUDINARY_URL = 'cloudinary://key:secret@demo'
  let cloud: TestApp
  let boss: Owner
  let neighbour: Owner
  let fake: Server
  const calls: { url: string; body: URLSearchParams }[] = []

  beforeAll(async () => {
    cloud = await createTestApp({ cloudinaryUrl: CLOUDINARY_URL })
    boss = await registerBusiness(cloud)
    neighbour = await registerBusiness(cloud)
    // Cloudinary's API stands in on loopback; the store under test is the app's own, pointed at it.
    fake = createServer((request, response) => {
      let body = ''
      request.on('data', (data: Buffer) => (body += data.toString('utf8')))
      request.on('end', () => {
        calls.push({ url: request.url ?? '', body: new URLSearchParams(body) })
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"ok"}')
      })
    })
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
    cloud.app.services.files.cloudinary = createCloudinary(CLOUDINARY_URL, `http://127.0.0.1:${(fake.address() as AddressInfo).port}`)
  })
  afterAll(async () => {
    await cloud.close()
    await new Promise((resolve) => fake.close(resolve))
  })

  it('signs the upload for the business’s own folder with Cloudinary’s SHA-1 signature', async () => {
    const production = await createTestApp({ cloudinaryUrl: CLOUDINARY_URL })
    try {
      const someone = await registerBusiness(production)
      const before = Math.floor(Date.now() / 1000)
      const response = await api(production, 'GET', '/upload_sign_url?folder=logos', someone.tokens.token)
      const signature = response.json().data
      expect(signature).toMatchObject({ provider: 'cloudinary', url: 'https://api.cloudinary.com/v1_1/demo/auto/upload', max_bytes: 5 * 1024 * 1024 })
      const { folder, timestamp, api_key, signature: signed } = signature.fields
      expect(folder).toBe(`rota/${someone.business_id}/logos`)
      expect(api_key).toBe('key')
      expect(Number(timestamp)).toBeGreaterThanOrEqual(before)
      expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
      expect(signed).toBe(createHash('sha1').update(`folder=${folder}&timestamp=${timestamp}secret`).digest('hex'))
      expect(Object.keys(signature.fields).sort()).toEqual(['api_key', 'folder', 'signature', 'timestamp'])
    } finally {
      await production.close()
    }
  })

  it('answers 404 for a file outside the business’s folder without asking Cloudinary', async () => {
    calls.length = 0
    for (const id of [`rota/${neighbour.business_id}/avatars/someone`, `rota/${boss.business_id}x/avatars/a`, 'elsewhere/a']) {
      expect((await api(cloud, 'DELETE', `/file?id=${encodeURIComponent(id)}`, boss.tokens.token)).statusCode).toBe(404)
    }
    expect(calls).toEqual([])
  })

  it('deletes the business’s own image with a signed destroy call', async () => {
    calls.length = 0
    const publicId = `rota/${boss.business_id}/avatars/abc123`
    const response = await api(cloud, 'DELETE', `/file?id=${encodeURIComponent(publicId)}`, boss.tokens.token)
    expect(response.statusCode).toBe(200)
    expect(calls.map((call) => call.url)).toEqual(['/v1_1/demo/image/destroy'])
    const body = Object.fromEntries(calls[0]!.body)
    expect(body).toMatchObject({ public_id: publicId, api_key: 'key' })
    expect(body['signature']).toBe(createHash('sha1').update(`public_id=${publicId}&timestamp=${body['timestamp']}secret`).digest('hex'))
    expect((await auditRows(cloud, boss.business_id, 'files.delete')).at(-1)).toMatchObject({ record_id: publicId })
  })
})
