import { useTranslation } from 'react-i18next'
import { useClientConfig } from '../../../lib/client-config.ts'
import { QueryProvider } from '../../../lib/query-provider.tsx'
import { useServices, useSession } from '../../../lib/services.tsx'
import { GoogleButton } from './google-button.tsx'

/**
 * Google sign-in, when this Rota has it: the button hands Google's ID token to the
 * session machine (`session.google`), whose answers take the password sign-in's way —
 * the business choice, the e-mailed code, or a refusal shown in the sign-in form. The
 * sign-in page loads it after itself, with the server-data cache the configuration needs.
 */
export function GoogleSignIn() {
  return (
    <QueryProvider>
      <GoogleSignInOffer />
    </QueryProvider>
  )
}

function GoogleSignInOffer() {
  const { t } = useTranslation('auth')
  const { data: config } = useClientConfig()
  const { session } = useServices()
  const signingIn = useSession((state) => state.matches({ signingIn: 'withGoogle' }))

  if (!config?.google_client_id) return null

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs tracking-wide text-slate-400 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('google.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <GoogleButton clientId={config.google_client_id} onCredential={(credential) => session.send({ type: 'session.google', credential })} />
      {signingIn && (
        <p role="status" className="text-center text-sm text-slate-600">
          {t('google.signingIn')}
        </p>
      )}
    </div>
  )
}
