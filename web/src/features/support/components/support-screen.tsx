import { queryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useApi, useSession } from '../../../lib/services.tsx'

/**
 * What a request for help should carry, with nothing secret in it: Rota's version, the
 * browser, the language and time zone, the screen, the page (without its query, which can
 * hold a link's token) and the business. No token, no e-mail address, no cookie.
 * @example
 * diagnostics({ version: '1.2.0', businessId: 'maple', role: 'Manager' })
 */
export function diagnostics({ version, businessId, role }: { version: string; businessId: string; role: string }): string {
  return [
    `Rota ${version}`,
    `Business: ${businessId}`,
    `Role: ${role}`,
    `Browser: ${navigator.userAgent}`,
    `Language: ${navigator.language}`,
    `Time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}`,
    `Screen: ${window.screen.width}×${window.screen.height} (window ${window.innerWidth}×${window.innerHeight})`,
    `Online: ${navigator.onLine ? 'yes' : 'no'}`,
    `Page: ${window.location.pathname}`,
    `Time: ${new Date().toISOString()}`,
  ].join('\n')
}

/**
 * Support (/support): the business's administrators to write to, Rota's help, the version and
 * the browser, and the diagnostic details to paste into a request for help.
 * @example
 * <SupportScreen />
 */
export function SupportScreen() {
  const { t } = useTranslation('app')
  const api = useApi()
  const me = useSession((state) => state.context.user)
  const support = useQuery(queryOptions({ queryKey: ['support'], queryFn: ({ signal }) => api.getSupport({}, { silent: true, signal }) }))
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  if (support.isPending) return <Spinner label={t('support.loading')} />
  const info = support.data
  const details = diagnostics({ version: info?.version ?? '?', businessId: me?.business_id ?? '', role: me?.role.name ?? '' })
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(details)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="support-admins" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="support-admins" className="text-base font-semibold text-slate-900">
          {t('support.administrators')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('support.administratorsHint')}</p>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {(info?.administrators ?? []).map((admin) => (
            <li key={admin.email}>
              {admin.name} — <a className="text-primary-800 underline" href={`mailto:${admin.email}`}>{admin.email}</a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="support-rota" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="support-rota" className="text-base font-semibold text-slate-900">
          {t('support.rota')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('support.rotaHint')}</p>
        {info && (
          <a className="mt-2 inline-flex min-h-8 items-center text-sm text-primary-800 underline" href={info.help_url} target="_blank" rel="noopener noreferrer">
            {t('support.help')}
          </a>
        )}
      </section>
      <section aria-labelledby="support-details" className="rounded-xl border border-slate-200 bg-white p-4 lg:col-span-2">
        <h2 id="support-details" className="text-base font-semibold text-slate-900">
          {t('support.details')}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">{t('support.version')}</dt>
          <dd>{info?.version}</dd>
          <dt className="text-slate-500">{t('support.browser')}</dt>
          <dd className="break-all">{navigator.userAgent}</dd>
        </dl>
        <pre aria-label={t('support.diagnostics')} className="mt-3 overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap">
          {details}
        </pre>
        <div className="mt-3 flex items-center gap-3">
          <Button variant="secondary" onClick={() => void copy()}>
            <CopyIcon className="size-4" /> {t('support.copy')}
          </Button>
          <span role="status" className="text-sm text-slate-600">
            {copied === 'yes' ? t('support.copied') : copied === 'no' ? t('support.copyFailed') : ''}
          </span>
        </div>
      </section>
    </div>
  )
}
