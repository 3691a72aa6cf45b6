import { ApiError } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { ChunkLoadError } from '../../lib/lazy-page.ts'
import { Button } from '../ui/button.tsx'
import { WarningIcon } from '../ui/icons.tsx'

/** What the screen says about an error: a status when there is one, and its text. */
export function describeError(error: unknown): { status: string; text: string } {
  if (error instanceof ApiError) return { status: String(error.status), text: error.message }
  if (error instanceof ChunkLoadError) return { status: error.name, text: error.message }
  if (error instanceof Error) return { status: error.name, text: error.message }
  return { status: 'Error', text: String(error) }
}

/**
 * The fallback of SPEC.md §2 for anything a page did not handle: the title
 * 'Unexpected Application Error!' with the error's status and text, and a way out.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const { status, text } = describeError(error)
  return (
    <main id="main" className="grid min-h-[60dvh] place-items-center px-6 py-16">
      <div className="max-w-lg text-center">
        <div className="mx-auto mb-5 grid size-14 place-items-center rounded-full bg-tertiary-100 text-tertiary-800">
          <WarningIcon className="size-7" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('errorScreen.title')}</h1>
        <p className="mt-3 font-mono text-sm text-slate-700">
          <span className="font-semibold">{status}</span> {text}
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>{t('errorScreen.reload')}</Button>
          <a href="/" className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-semibold text-primary-800 hover:bg-secondary-100">
            {t('errorScreen.home')}
          </a>
        </div>
      </div>
    </main>
  )
}
