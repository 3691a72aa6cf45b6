import { describe, expect, it, vi } from 'vitest'
import { CHUNK_TIMEOUT_MS, ChunkLoadError, withChunkTimeout } from './lazy-page.ts'

describe('loading a page\'s code', () => {
  it('gives up after SPEC.md\'s 120 s with a chunk-load error', async () => {
    vi.useFakeTimers()
    const loading = withChunkTimeout(() => new Promise(() => {}))
    const failed = expect(loading).rejects.toThrow(ChunkLoadError)
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS)
    await failed
    vi.useRealTimers()
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
  })

  it('turns a failed import into a chunk-load error and passes a module through', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow(ChunkLoadError)
    await expect(withChunkTimeout(async () => ({ Page: 1 }))).resolves.toEqual({ Page: 1 })
  })
})
