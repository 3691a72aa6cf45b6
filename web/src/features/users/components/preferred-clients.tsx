import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientChoices } from '../api/list-client-choices.ts'

/** Past this many clients, a box to find one in the list. */
const FIND_FROM = 8

/**
 * A team member's preferred clients, which the fill favours for them: a checkbox per active
 * client (found by name when there are many), kept by the page and sent with the form. A
 * preferred client that is no longer active stays chosen.
 * @example
 * <PreferredClients chosen={clients} onChange={setClients} disabled={readOnly} />
 */
export function PreferredClients({ chosen, onChange, disabled }: { chosen: readonly string[]; onChange: (ids: string[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('app')
  const clients = useClientChoices(true)
  const [find, setFind] = useState('')
  const id = useId()
  const words = find.trim().toLocaleLowerCase()
  const shown = (clients.data ?? []).filter((client) => client.name.toLocaleLowerCase().includes(words))
  const toggle = (clientId: string, on: boolean) => onChange(on ? [...chosen, clientId] : chosen.filter((other) => other !== clientId))

  return (
    <fieldset aria-describedby={`${id}-hint`} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">{t('members.scheduling.preferredClients')}</legend>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-500">
        {t('members.scheduling.preferredClientsHint')}
      </p>
      {clients.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('members.scheduling.clientsUnavailable')}
        </p>
      ) : clients.isPending ? (
        <p className="mt-2 text-sm text-slate-600">{t('members.scheduling.loadingClients')}</p>
      ) : (
        <>
          {clients.data.length > FIND_FROM && (
            <div className="mt-2">
              <label htmlFor={`${id}-find`} className="sr-only">
                {t('members.scheduling.findClient')}
              </label>
              <input
                id={`${id}-find`}
                type="search"
                value={find}
                placeholder={t('members.scheduling.findClient')}
                onChange={(event) => setFind(event.target.value)}
                // Enter here looks for a client; it does not save the form.
                onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-primary-600 focus:outline-none"
              />
            </div>
          )}
          {shown.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('members.scheduling.noClients')}</p>
          ) : (
            <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200">
              {shown.map((client) => (
                <li key={client.id}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={chosen.includes(client.id)}
                      onChange={(event) => toggle(client.id, event.target.checked)}
                      className="size-4 rounded border-slate-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
                    />
                    {client.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  )
}
