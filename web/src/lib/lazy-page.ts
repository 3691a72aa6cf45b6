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

/** A page loaded on first visit; `preload` starts loading it before it is drawn. */
export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => void }

/**
 * A page loaded on first visit, as its own chunk. Vite's preload of the chunk's
 * stylesheets and imports rejects the same import when one fails, so every failure
 * arrives here. A chunk that fails to load once is most likely gone after a new
 * release, so the page reloads once to fetch the new files; a second failure reaches
 * the error screen. `preload()` fetches the chunk ahead of time (its failure is left to
 * the visit); a page preloaded by the time it is drawn is drawn at once, without the
 * fallback in between, which React would otherwise keep on screen for at least 300 ms.
 * @example
 * const SchedulesPage = lazyPage(() => import('./schedules.tsx'), 'SchedulesPage')
 * SchedulesPage.preload()
 */
export function lazyPage<K extends string, P extends object>(load: () => Promise<{ [key in K]: ComponentType<P> }>, name: K): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined
  let preloading: Promise<void> | undefined
  const visit = async () => {
    try {
      const module = await withChunkTimeout(load)
      sessionStorage.removeItem(RELOADED_KEY)
      return (loaded = { default: module[name] })
    } catch (error) {
      if (error instanceof ChunkLoadError && sessionStorage.getItem(RELOADED_KEY) === null) {
        sessionStorage.setItem(RELOADED_KEY, '1')
        window.location.reload()
        return new Promise<never>(() => {})
      }
      throw error
    }
  }
  // React reads a thenable that calls back at once as already resolved: no suspending.
  const page = lazy(() => (loaded ? ({ then: (resolve: (module: typeof loaded) => void) => resolve(loaded) } as unknown as Promise<{ default: ComponentType<P> }>) : visit()))
  const preload = () => {
    preloading ??= withChunkTimeout(load).then(
      (module) => void (loaded ??= { default: module[name] }),
      () => void (preloading = undefined),
    )
  }
  return Object.assign(page, { preload })
}
