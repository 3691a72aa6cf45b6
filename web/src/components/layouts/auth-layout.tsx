import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { paths } from '../../config/paths.ts'
import { LanguageSelect } from '../language-select.tsx'
import { CheckIcon } from '../ui/icons.tsx'
import { Logo } from '../ui/logo.tsx'
import { PageHeading } from '../ui/page-heading.tsx'

const highlights = ['schedule', 'team', 'money'] as const

/**
 * The frame of the public pages: the brand on one side (on wide screens), the form on
 * the other, and the language selector at the foot.
 * @example
 * <AuthLayout title={t('auth:login.title')} description={t('auth:login.description')}>…form…</AuthLayout>
 */
export function AuthLayout({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh">
      {/* First of the page, as a skip link must be (axe: region). */}
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        {t('skipToContent')}
      </a>
      <aside className="relative hidden w-[42%] max-w-xl overflow-hidden bg-primary-900 px-12 py-12 text-primary-50 lg:flex lg:flex-col">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-primary-700/40 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-tertiary-300/20 blur-3xl" />
        <Link href={paths.home.href()} className="relative w-fit rounded-lg bg-white/95 px-3 py-2">
          <Logo />
        </Link>
        <div className="relative mt-auto">
          <p className="text-3xl leading-tight font-bold tracking-tight text-white">{t('brand.tagline')}</p>
          <ul className="mt-8 space-y-4">
            {highlights.map((key) => (
              <li key={key} className="flex items-start gap-3">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/10 text-secondary-200">
                  <CheckIcon className="size-5" />
                </span>
                <span className="pt-1.5 text-sm text-primary-100">{t(`brand.highlights.${key}`)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-10 text-xs text-primary-200">{t('brand.canada')}</p>
        </div>
      </aside>
      <div className="flex flex-1 flex-col bg-white">
        <header className="px-6 pt-6 lg:hidden">
          <Link href={paths.home.href()} className="inline-block rounded-lg">
            <Logo />
          </Link>
        </header>
        <main id="main" className="flex flex-1 items-center justify-center px-6 py-10">
          <div className="w-full max-w-md">
            <PageHeading title={title} description={description} />
            {children}
          </div>
        </main>
        <footer className="flex items-center justify-between gap-4 border-t border-slate-100 px-6 py-4 text-xs text-slate-500">
          <span>© Rota</span>
          <LanguageSelect />
        </footer>
      </div>
    </div>
  )
}
