import type { UseQueryResult } from '@tanstack/react-query'
import { useId, useState } from 'react'

/** Past this many choices, a box to find one in the list. */
const FIND_FROM = 8

/** What a choice list says: its legend and hint, and its lines for finding, loading and failing. */
export interface ChoiceListText {
  legend: string
  hint: string
  find: string
  none: string
  loading: string
  unavailable: string
}

/**
 * Records to tick for a team member (the clients they prefer, the services they may work): a
 * checkbox per record (found by name when there are many), kept by the page and sent with the
 * form. A chosen record that is no longer listed stays chosen.
 * @example
 * <ChoiceList text={text} choices={useChoices('locations', true)} chosen={clients} onChange={setClients} disabled={readOnly} />
 */
export function ChoiceList({
  text,
  choices,
  chosen,
  onChange,
  disabled,
}: {
  text: ChoiceListText
  choices: UseQueryResult<{ id: string; name: string }[]>
  chosen: readonly string[]
  onChange: (ids: string[]) => void
  disabled?: boolean
}) {
  const [find, setFind] = useState('')
  const id = useId()
  const words = find.trim().toLocaleLowerCase()
  const shown = (choices.data ?? []).filter((choice) => choice.name.toLocaleLowerCase().includes(words))
  const toggle = (choiceId: string, on: boolean) => onChange(on ? [...chosen, choiceId] : chosen.filter((other) => other !== choiceId))

  return (
    <fieldset aria-describedby={`${id}-hint`} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">{text.legend}</legend>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-500">
        {text.hint}
      </p>
      {choices.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {text.unavailable}
        </p>
      ) : choices.isPending ? (
        <p className="mt-2 text-sm text-slate-600">{text.loading}</p>
      ) : (
        <>
          {choices.data.length > FIND_FROM && (
            <div className="mt-2">
              <label htmlFor={`${id}-find`} className="sr-only">
                {text.find}
              </label>
              <input
                id={`${id}-find`}
                type="search"
                value={find}
                placeholder={text.find}
                onChange={(event) => setFind(event.target.value)}
                // Enter here looks for a record; it does not save the form.
                onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-primary-600 focus:outline-none"
              />
            </div>
          )}
          {shown.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{text.none}</p>
          ) : (
            <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200">
              {shown.map((choice) => (
                <li key={choice.id}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={chosen.includes(choice.id)}
                      onChange={(event) => toggle(choice.id, event.target.checked)}
                      className="size-4 rounded border-slate-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
                    />
                    {choice.name}
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
