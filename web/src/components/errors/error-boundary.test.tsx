import { ApiError } from '@rota/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ChunkLoadError } from '../../lib/lazy-page.ts'
import { ErrorBoundary } from './error-boundary.tsx'

function Broken({ error }: { error: unknown }): never {
  throw error
}

describe('the error screen', () => {
  it('titles any unhandled error "Unexpected Application Error!" with its status and text', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <ErrorBoundary>
        <Broken error={new ApiError({ status: 500, code: 'internal_error', message: 'Something went wrong on our side.' })} />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
    expect(screen.getByText('500')).toBeVisible()
    expect(screen.getByText(/Something went wrong on our side\./)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeEnabled()
    logged.mockRestore()
  })

  it('names a page whose code would not load', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <ErrorBoundary>
        <Broken error={new ChunkLoadError('Loading chunk timed out after 120000 ms')} />
      </ErrorBoundary>,
    )
    expect(screen.getByText('ChunkLoadError')).toBeVisible()
    expect(screen.getByText(/timed out after 120000 ms/)).toBeVisible()
    logged.mockRestore()
  })

  it('recovers when the location changes', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Broken error={new Error('boom')} />
      </ErrorBoundary>,
    )
    rerender(
      <ErrorBoundary resetKey="/b">
        <p>Fine again</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText('Fine again')).toBeVisible()
    logged.mockRestore()
  })
})
