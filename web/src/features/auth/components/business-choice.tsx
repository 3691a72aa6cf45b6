import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { useServices, useSession } from '../../../lib/services.tsx'

/**
 * The sign-in's answer for an e-mail or a Google account with accounts in several
 * businesses: the session machine holds the businesses to pick from, hears the choice
 * (and signs in again, the same way as before) or the way back.
 * @example
 * {choosing && <BusinessChoice />}
 */
export function BusinessChoice() {
  const { t } = useTranslation('auth')
  const { session } = useServices()
  const businesses = useSession((state) => state.context.businesses)
  const pending = useSession((state) => state.matches('signingIn'))
  const legend = useId()
  const [chosen, setChosen] = useState(businesses[0]?.business_id ?? '')
  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        if (chosen) session.send({ type: 'session.business.choose', business_id: chosen })
      }}
    >
      <fieldset aria-labelledby={legend}>
        <legend id={legend} className="text-sm font-medium text-slate-800">
          {t('choose.legend')}
        </legend>
        <div className="mt-3 space-y-2">
          {businesses.map((business) => (
            <label
              key={business.business_id}
              className="flex cursor-pointer items-center gap-3 rounded-xl p-4 ring-1 ring-slate-200 transition has-checked:bg-secondary-50 has-checked:ring-2 has-checked:ring-primary-600"
            >
              <input
                type="radio"
                name="business_id"
                value={business.business_id}
                checked={chosen === business.business_id}
                onChange={() => setChosen(business.business_id)}
                className="size-4 accent-primary-700"
              />
              <span aria-hidden="true" className="grid size-9 place-items-center rounded-lg bg-secondary-100 text-sm font-bold text-primary-800">
                {business.business_name.trim().charAt(0).toLocaleUpperCase()}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{business.business_name}</span>
                <span className="block text-xs text-slate-500">{business.business_id}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-3">
        <Button variant="secondary" size="lg" className="flex-1" onClick={() => session.send({ type: 'session.cancel' })} disabled={pending}>
          {t('choose.back')}
        </Button>
        <Button type="submit" size="lg" className="flex-1" loading={pending}>
          {t('choose.submit')}
        </Button>
      </div>
    </form>
  )
}
