import type { AuditLogDetail } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { RecordPanel, RecordPanelBody, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { formatInstant } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { useAuditEntry } from '../api/audit-log.ts'
import { useAuditAddress } from '../hooks/use-audit-address.ts'
import { useAuditNames } from '../hooks/use-audit-names.ts'
import { recordLink } from '../utils/record-link.ts'
import { useAuditWords } from '../utils/audit-words.ts'

const fieldsOf = (snapshot: unknown): Record<string, unknown> =>
  snapshot !== null && typeof snapshot === 'object' && !Array.isArray(snapshot) ? (snapshot as Record<string, unknown>) : {}

/**
 * The audit row named in the address (`?entry=…`) in the side panel: who did what and when,
 * from which address and browser, a link to the record while it exists, and its values
 * before and after side by side, the changed fields marked (in colour and in words).
 */
export function AuditEntryPanel() {
  const address = useAuditAddress()
  const entry = useAuditEntry(address.entry)
  if (address.entry === null) return null
  if (!entry.data) return <RecordPanelPending error={entry.error} onClose={address.close} />
  return <AuditEntry entry={entry.data} onClose={address.close} />
}

function AuditEntry({ entry, onClose }: { entry: AuditLogDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const words = useAuditWords()
  const names = useAuditNames(entry)
  const before = fieldsOf(entry.before)
  const after = fieldsOf(entry.after)
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const changed = new Set(entry.changed)
  const link = entry.record_exists ? recordLink(entry.model, entry.record_id) : null
  const who = entry.actor?.name ?? entry.actor_email ?? t('audit.bySystem')

  return (
    <RecordPanel open onClose={onClose} title={`${words.action(entry.action)} · ${words.model(entry.model)}`} description={`${formatInstant(entry.created_at, locale, timeZone)} · ${who}`}>
      <RecordPanelBody>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)]">
          <dt className="text-slate-500">{t('audit.panel.record')}</dt>
          <dd className="break-words text-slate-800">
            {words.model(entry.model)}
            {entry.record_id && (
              <span className="text-slate-500" title={entry.record_id}>
                {' '}
                · {words.reference(entry.record_id, names)}
              </span>
            )}
            {link && (
              <>
                {' '}
                <Link href={link} className="font-semibold text-primary-800 underline">
                  {t('audit.panel.openRecord')}
                </Link>
              </>
            )}
            {entry.record_id && !entry.record_exists && <span className="block text-slate-500">{t('audit.panel.recordGone')}</span>}
          </dd>
          <dt className="text-slate-500">{t('audit.panel.ip')}</dt>
          <dd className="break-words text-slate-800">{entry.ip ?? '—'}</dd>
          <dt className="text-slate-500">{t('audit.panel.userAgent')}</dt>
          <dd className="break-words text-slate-800">{entry.user_agent ?? '—'}</dd>
          <dt className="text-slate-500">{t('audit.panel.hash')}</dt>
          <dd className="font-mono text-xs break-all text-slate-600">{entry.hash ?? '—'}</dd>
        </dl>
        {fields.length === 0 ? (
          <p className="text-sm text-slate-600">{t('audit.panel.noValues')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full table-fixed border-collapse text-left text-sm">
              <caption className="sr-only">{t('audit.panel.caption')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-500">
                  <th scope="col" className="w-1/4 py-2 pr-3 font-medium">
                    {t('audit.panel.field')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('audit.panel.before')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('audit.panel.after')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field) => {
                  const isChanged = changed.has(field)
                  return (
                    <tr key={field} className={`border-b border-slate-100 align-top ${isChanged ? 'bg-amber-50' : ''}`}>
                      <th scope="row" className="py-2 pr-3 font-medium break-words text-slate-700">
                        {words.field(field)}
                        {isChanged && <span className="ml-1 inline-block rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">{t('audit.panel.changed')}</span>}
                      </th>
                      <td className={`py-2 pr-3 break-words ${isChanged ? 'text-slate-500 line-through decoration-amber-600' : 'text-slate-700'}`}>{words.value(field, before[field], { model: entry.model, names })}</td>
                      <td className={`py-2 break-words ${isChanged ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{words.value(field, after[field], { model: entry.model, names })}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </RecordPanelBody>
    </RecordPanel>
  )
}
