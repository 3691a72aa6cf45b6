import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** How long a script chunk may take to arrive before it counts as failed (SPEC.md §9). */
export const CHUNK_TIMEOUT_MS = 120_000

const RELOADED_KEY = 'rota.chunk-reload'

/** A page's code could not be loaded: the network dropped, or a new release replaced the files. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'
}

/**
 * Loads a module within `timeoutMs`, failing with a ChunkLoadError otherwise.
 * @example
 * await withChunkTimeout(() => import('./page.tsx'))
 */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)), timeoutMs)
  })
  const loading = load().catch((cause: unknown) => {
    throw new ChunkLoadError(cause instanceof Error ? cause.message : 'Loading chunk failed', { cause })
  })
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer))
}

/**
 * A page loaded on first visit, as its own chunk. Vite's preload of the chunk's
 * stylesheets and imports rejects the same import when one fails, so every failure
 * arrives here. A chunk that fails to load once is most likely gone after a new
 * release, so the page reloads once to fetch the new files; a second failure reaches
 * the error screen.
 * @example
 * const SchedulesPage = lazyPage(() => import('./schedules.tsx'), 'SchedulesPage')
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      const module = await withChunkTimeout(load)
      sessionStorage.removeItem(RELOADED_KEY)
      return { default: module[name] }
    } catch (error) {
      if (error instanceof ChunkLoadError && sessionStorage.getItem(RELOADED_KEY) === null) {
        sessionStorage.setItem(RELOADED_KEY, '1')
        window.location.reload()
        return new Promise<never>(() => {})
      }
      throw error
    }
  })
}
