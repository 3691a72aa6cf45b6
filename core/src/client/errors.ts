/**
 * What every failed call of the API client throws, so one `instanceof` catches them all.
 * @example
 * try { await client.api.getProfile() } catch (error) { if (error instanceof RotaClientError) show(error.message) }
 */
export class RotaClientError extends Error {
  override readonly name: string = 'RotaClientError'
}

/**
 * The server answered with an error status. `code` is the body's snake_case code
 * (`token_expired`, `forbidden`, `validation_failed`…), `details` its per-field details.
 * @example
 * if (error instanceof ApiError && error.status === 409) reload()
 */
export class ApiError extends RotaClientError {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string
  readonly details: unknown

  constructor(fields: { status: number; code?: string; message?: string; details?: unknown }) {
    super(fields.message ?? `Request failed with status code ${fields.status}`)
    this.status = fields.status
    // A body without a code came from something in front of the API (a proxy, a gateway).
    this.code = fields.code ?? 'http_error'
    this.details = fields.details
  }
}

/**
 * The request never got an answer: offline, DNS, refused connection, CORS.
 * @example
 * if (error instanceof NetworkError) showOfflineBanner()
 */
export class NetworkError extends RotaClientError {
  override readonly name = 'NetworkError'
  constructor(options?: ErrorOptions) {
    super('Network error', options)
  }
}

/**
 * No answer within the client's `timeout`.
 * @example
 * if (error instanceof TimeoutError) retryLater()
 */
export class TimeoutError extends RotaClientError {
  override readonly name = 'TimeoutError'
  constructor(options?: ErrorOptions) {
    super('Timeout exceeded', options)
  }
}

/**
 * The caller aborted the request through its `signal`.
 * @example
 * if (error instanceof AbortError) return // the screen was left; nothing to show
 */
export class AbortError extends RotaClientError {
  override readonly name = 'AbortError'
  constructor(options?: ErrorOptions) {
    super('Request aborted', options)
  }
}
