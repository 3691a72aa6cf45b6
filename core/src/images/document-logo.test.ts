import { describe, expect, it } from 'vitest'
import { documentLogoFormat, fitDocumentLogo } from './document-logo.ts'

describe('documentLogoFormat', () => {
  it('knows PNG and JPEG by their first bytes, and nothing else', () => {
    expect(documentLogoFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png')
    expect(documentLogoFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(documentLogoFormat(new TextEncoder().encode('GIF89a…'))).toBeNull()
    expect(documentLogoFormat(new TextEncoder().encode('RIFF....WEBP'))).toBeNull()
    expect(documentLogoFormat(new TextEncoder().encode('<svg'))).toBeNull()
    expect(documentLogoFormat(new Uint8Array([0x89, 0x50]))).toBeNull()
  })
})

describe('fitDocumentLogo', () => {
  it('fills the logo box as far as the proportions allow', () => {
    expect(fitDocumentLogo(400, 100)).toEqual({ width: 120, height: 30 })
    expect(fitDocumentLogo(50, 100)).toEqual({ width: 24, height: 48 })
    expect(fitDocumentLogo(12, 4.8)).toEqual({ width: 120, height: 48 })
    expect(fitDocumentLogo(0, 10)).toEqual({ width: 0, height: 0 })
  })
})
