import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx'
import { paths } from '../../../config/paths.ts'
import { LoginFormView } from '../../../features/auth/components/login-form.tsx'
import { useProfileLanguage, useSignedInRedirect, withRedirect } from '../../../features/auth/hooks/use-signed-in-redirect.ts'
import { lazyPage } from '../../../lib/lazy-page.ts'
import { useSession } from '../../../lib/services.tsx'

const BusinessChoice = lazyPage(() => import('../../../features/auth/components/business-choice.tsx'), 'BusinessChoice')
const GoogleSignIn = lazyPage(() => import('../../../features/auth/components/google-sign-in.tsx'), 'GoogleSignIn')

/** /auth and /auth/login: sign in (password or Google), choose a business when asked, go on to the code when asked. */
export function LoginPage() {
  const { t } = useTranslation('auth')
  const search = useSearch()
  const [, navigate] = useLocation()
  useProfileLanguage()
  useSignedInRedirect()
  const choosing = useSession((state) => state.matches('choosingBusiness') || (state.matches('signingIn') && state.context.businesses.length > 0))
  const otpEmail = useSession((state) => (state.matches('awaitingOtp') ? state.context.otp?.email : undefined))

  useEffect(() => {
    if (otpEmail) navigate(withRedirect(paths.otp.href({ email: otpEmail }), search))
  }, [otpEmail, navigate, search])

  return (
    <AuthLayout
      title={choosing ? t('choose.title') : t('login.title')}
      description={choosing ? t('choose.description') : t('login.description')}
    >
      {choosing ? (
        <Suspense>
          <BusinessChoice />
        </Suspense>
      ) : (
        <div className="space-y-6">
          <LoginFormView defaultBusinessId={new URLSearchParams(search).get('business') ?? undefined} />
          <Suspense>
            <GoogleSignIn />
          </Suspense>
        </div>
      )}
    </AuthLayout>
  )
}
