import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { useConfirmEmail } from '../../../features/auth/api/confirm-email.ts'
import { useApi, useServices, useSession } from '../../../lib/services.tsx'

/**
 * /auth/confirm-email/{token}: the link sent to a new address. It works signed in or not;
 * a signed-in user's profile is reloaded so the new address shows at once.
 */
export function ConfirmEmailPage({ params }: { params: { token: string } }) {
  const { t } = useTranslation('auth')
  const confirm = useConfirmEmail()
  const api = useApi()
  const { session } = useServices()
  const signedIn = useSession((state) => state.matches('signedIn'))
  const sent = useRef(false)

  useEffect(() => {
    // The link is single-use: a second request (StrictMode's double effect) would be refused.
    if (sent.current) return
    sent.current = true
    confirm.mutate(params.token)
  }, [confirm, params.token])

  useEffect(() => {
    if (!confirm.isSuccess || !session.getSnapshot().matches('signedIn')) return
    api.getProfile(undefined, { silent: true }).then((user) => session.send({ type: 'session.user.updated', user }), () => {})
  }, [confirm.isSuccess, api, session])

  const next = signedIn ? paths.profile.href() : paths.auth.href()
  return (
    <AuthLayout title={t('confirmEmail.title')}>
      {confirm.isError ? (
        <Alert tone="error" title={t('confirmEmail.failedTitle')}>
          {confirm.error.message}
        </Alert>
      ) : confirm.isSuccess ? (
        <Alert tone="success" title={t('confirmEmail.doneTitle')}>
          {t('confirmEmail.done')}
        </Alert>
      ) : (
        <div className="flex justify-center py-8 text-primary-700">
          <Spinner className="size-6" label={t('confirmEmail.checking')} />
        </div>
      )}
      {!confirm.isPending && (
        <Link href={next} className="mt-6 inline-block font-semibold text-primary-700 hover:underline">
          {signedIn ? t('confirmEmail.toProfile') : t('confirmEmail.toSignIn')}
        </Link>
      )}
    </AuthLayout>
  )
}
