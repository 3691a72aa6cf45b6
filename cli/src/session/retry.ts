import { ApiError, NetworkError, TimeoutError } from '@rota/core'

const transient = (error: unknown) =>
  error instanceof NetworkError || error instanceof TimeoutError || (error instanceof ApiError && (error.status >= 500 || error.status === 429))

function retryAfter(error: unknown, attempt: number): number {
  const seconds = error instanceof ApiError ? Number((error.details as { retry_after?: unknown } | undefined)?.retry_after) : NaN
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 500 * 2 ** attempt
}

/**
 * Calls an idempotent mutation again after a dropped connection, a 5xx or a 429, with
 * the same Idempotency-Key, so a retry whose first attempt did land replays its answer
 * instead of doing it twice. Gives up after `attempts` and when `signal` aborts.
 * @example
 * const key = crypto.randomUUID()
 * await retrying((idempotencyKey) => api.addImportRows({ params, body }, { idempotencyKey }), { signal })
 */
export async function retrying<T>(call: (idempotencyKey: string) => Promise<T>, { signal, attempts = 3 }: { signal?: AbortSignal; attempts?: number } = {}): Promise<T> {
  const key = crypto.randomUUID()
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(key)
    } catch (error) {
      if (attempt >= attempts || !transient(error) || signal?.aborted) throw error
      await new Promise((resolve) => setTimeout(resolve, retryAfter(error, attempt)))
    }
  }
}
