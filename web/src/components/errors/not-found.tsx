import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { paths } from '../../config/paths.ts'
import { buttonClass } from '../ui/button.tsx'
import { Logo } from '../ui/logo.tsx'

/**
 * The 404 page of SPEC.md §2: its exact words, and the error in the console for whoever
 * follows a broken link with the developer tools open.
 */
export function NotFound() {
  const { t } = useTranslation()
  const [location] = useLocation()
  useEffect(() => {
    console.error(`404: no page at ${location}`)
    document.title = t('documentTitle', { page: t('notFound.title') })
  }, [location, t])
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-gradient-to-b from-secondary-50 to-white px-6 py-24">
      <div className="text-center">
        <Logo className="mb-10" />
        <p className="text-7xl font-black tracking-tight text-primary-700">404</p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{t('notFound.message')}</h1>
        <p className="mt-3 text-sm text-slate-600">{t('notFound.hint')}</p>
        <Link href={paths.home.href()} className={buttonClass('primary', 'md', 'mt-8')}>
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  )
}
