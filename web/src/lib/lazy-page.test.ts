import { act, render, screen } from '@testing-library/react'
import { createElement, Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage, withChunkTimeout } from './lazy-page.ts'

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

describe('a page loaded ahead of its visit', () => {
  it('is drawn at once, without the fallback React would keep on screen for 300 ms', async () => {
    let arrive!: () => void
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    const load = vi.fn(async () => {
      await arrived
      return { Page: () => createElement('p', null, 'The board') }
    })
    const Page = lazyPage(load, 'Page')
    Page.preload()
    Page.preload()
    arrive()
    await act(async () => {
      await arrived
    })
    render(createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Page)))
    // Drawn in the same commit as the render: never the fallback first.
    expect(screen.getByText('The board')).toBeInTheDocument()
    expect(screen.queryByText('Loading')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })
})
