import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { useClientConfig } from '../../../lib/client-config.ts'
import { QueryProvider } from '../../../lib/query-provider.tsx'
import { useServices } from '../../../lib/services.tsx'
import { useGoogleLogin } from '../api/google-login.ts'
import { BusinessChoice, type BusinessOption } from './business-choice.tsx'
import { GoogleButton } from './google-button.tsx'

/**
 * Google sign-in, when this Rota has it: the button, then the business choice when the
 * Google account belongs to several, then the session takes the tokens. The sign-in page
 * loads it after itself, with the server-data cache it needs.
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
  const google = useGoogleLogin()
  const [pending, setPending] = useState<{ credential: string; businesses: BusinessOption[] } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  if (!config?.google_client_id) return null

  const signIn = (credential: string, businessId?: string) => {
    setProblem(null)
    google.mutate(
      { credential, ...(businessId ? { business_id: businessId } : {}) },
      {
        onSuccess: (result) => {
          if (result.status === 'signed_in') {
            setPending(null)
            session.send({ type: 'session.tokens', tokens: result })
          } else if (result.status === 'choose_business') {
            setPending({ credential, businesses: result.businesses })
          } else {
            setProblem(t('google.otpNeeded'))
          }
        },
        onError: (error) => setProblem(error.message),
      },
    )
  }

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs tracking-wide text-slate-400 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('google.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      {pending ? (
        <BusinessChoice
          businesses={pending.businesses}
          pending={google.isPending}
          onChoose={(businessId) => signIn(pending.credential, businessId)}
          onCancel={() => setPending(null)}
        />
      ) : (
        <GoogleButton clientId={config.google_client_id} onCredential={(credential) => signIn(credential)} />
      )}
    </div>
  )
}
