import { describe, expect, it } from 'vitest'
import { imageUrl, type ImageConfig } from './image-url.ts'

const cloudinary: ImageConfig = { cloudinaryCloudName: 'rota-demo', defaultProvider: 'cloudinary' }
const local: ImageConfig = { defaultProvider: 'local' }
const upload = 'https://res.cloudinary.com/rota-demo/image/upload'

describe('imageUrl with Cloudinary', () => {
  const asset = { id: 'avatars/u1', provider: 'cloudinary' }

  it.each([
    [{ height: 40, width: 120 }, `${upload}/c_fill,h_40,w_120/avatars/u1`],
    [{ height: 40 }, `${upload}/c_fill,h_40/avatars/u1`],
    [{ width: 120 }, `${upload}/c_fill,w_120/avatars/u1`],
    [{}, `${upload}/avatars/u1`],
    [{ height: 0, width: Number.NaN }, `${upload}/avatars/u1`],
    [{ height: -5, width: 64 }, `${upload}/c_fill,w_64/avatars/u1`],
    [{ height: 39.6 }, `${upload}/c_fill,h_40/avatars/u1`],
  ])('size %j → %s', (size, url) => {
    expect(imageUrl(asset, size, cloudinary)).toBe(url)
  })

  it('takes a bare id as the default provider, as the settings store the logo', () => {
    expect(imageUrl('logo_x9', { height: 48 }, cloudinary)).toBe(`${upload}/c_fill,h_48/logo_x9`)
  })

  it('escapes what could break out of the path, keeping folders', () => {
    expect(imageUrl({ id: 'team photos/a?b#c', provider: 'cloudinary' }, {}, cloudinary)).toBe(
      `${upload}/team%20photos/a%3Fb%23c`,
    )
  })

  it('gives no URL without a cloud name', () => {
    expect(imageUrl(asset, { height: 40 }, { defaultProvider: 'local' })).toBeNull()
    expect(imageUrl(asset, {}, { cloudinaryCloudName: '', defaultProvider: 'cloudinary' })).toBeNull()
  })
})

describe('imageUrl with local storage', () => {
  it.each([
    [{ height: 40, width: 120 }, '/api/v1/file/f-123?h=40&w=120'],
    [{ width: 64 }, '/api/v1/file/f-123?w=64'],
    [{}, '/api/v1/file/f-123'],
  ])('size %j → %s', (size, url) => {
    expect(imageUrl({ id: 'f-123', provider: 'local' }, size, cloudinary)).toBe(url)
  })

  it('serves bare ids from Rota itself when local is the default', () => {
    expect(imageUrl('f-9', { height: 32, width: 32 }, local)).toBe('/api/v1/file/f-9?h=32&w=32')
  })

  it('follows the API base it is given, with or without trailing slash', () => {
    expect(imageUrl('f/9', {}, { ...local, apiBase: 'https://rota.example.ca/api/v1/' })).toBe(
      'https://rota.example.ca/api/v1/file/f%2F9',
    )
  })
})

describe('imageUrl without an image to show', () => {
  it.each([
    ['no asset', null],
    ['undefined', undefined],
    ['an empty id', ''],
    ['a blank id', { id: '  ', provider: 'local' }],
    ['an unknown provider', { id: 'x1', provider: 'imgur' }],
  ])('%s → null', (_, asset) => {
    expect(imageUrl(asset, { height: 40 }, cloudinary)).toBeNull()
  })
})
