import { OtpVerifyBody } from '@rota/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearch } from 'wouter'
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { useProfileLanguage, useSignedInRedirect, withRedirect } from '../../../features/auth/hooks/use-signed-in-redirect.ts'
import { useServices, useSession } from '../../../lib/services.tsx'
import { failureText } from '../../../lib/failure-text.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'

const CodeForm = OtpVerifyBody.pick({ code: true })

/** /auth/otp/{email}: the 6-digit code e-mailed to finish signing in, with a way to get a new one. */
export function OtpPage({ params }: { params: { email: string } }) {
  const { t } = useTranslation('auth')
  const { t: common } = useTranslation()
  const { session } = useServices()
  const search = useSearch()
  const [, navigate] = useLocation()
  useProfileLanguage()
  const leaving = useSignedInRedirect()
  const phase = useSession((state) =>
    state.matches('awaitingOtp') ? 'waiting' : state.matches('verifyingOtp') ? 'verifying' : state.matches('resendingOtp') ? 'resending' : 'other',
  )
  const loading = useSession((state) => state.matches('loadingUser') || state.matches('loadingSettings'))
  const error = useSession((state) => (state.matches('awaitingOtp') ? state.context.error : null))
  const resent = useResentNotice(phase, error)
  const submit = useCallback(({ code }: { code: string }) => session.send({ type: 'session.otp.submit', code }), [session])
  const form = useZodForm(CodeForm, submit)

  const expired = phase === 'other' && !loading && !leaving
  const email = safeDecode(params.email)
  return (
    <AuthLayout title={t('otp.title')} description={t('otp.description', { email })}>
      {expired ? (
        <div className="space-y-5">
          <Alert tone="warning" title={t('otp.expiredTitle')}>
            {t('otp.expired')}
          </Alert>
          <Link href={withRedirect(paths.auth.href(), search)} className="font-semibold text-primary-700 hover:underline">
            {t('otp.backToSignIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate className="space-y-5">
          {error && <Alert tone="error">{failureText(error, common)}</Alert>}
          {resent && <Alert tone="success">{t('otp.resent')}</Alert>}
          <TextField
            name="code"
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]*"
            autoFocus
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
            error={form.errorText('code')}
          />
          <Button type="submit" size="lg" className="w-full" loading={phase === 'verifying' || loading || leaving}>
            {t('otp.submit')}
          </Button>
          <div className="flex items-center justify-between text-sm">
            <button
              type="button"
              className="min-h-8 font-medium text-slate-600 hover:text-slate-900 hover:underline"
              onClick={() => {
                session.send({ type: 'session.cancel' })
                navigate(withRedirect(paths.auth.href(), search))
              }}
            >
              {t('otp.cancel')}
            </button>
            <Button variant="ghost" size="sm" loading={phase === 'resending'} disabled={phase !== 'waiting'} onClick={() => session.send({ type: 'session.otp.resend' })}>
              {t('otp.resend')}
            </Button>
          </div>
        </form>
      )}
    </AuthLayout>
  )
}

/** The e-mail of the path as typed: `ana%40maple.test` → `ana@maple.test`. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Whether a new code was just sent: a resend that came back without an error. */
function useResentNotice(phase: string, error: string | null): boolean {
  const previous = useRef(phase)
  const [resent, setResent] = useState(false)
  useEffect(() => {
    if (previous.current === 'resending' && phase === 'waiting') setResent(error === null)
    else if (phase !== 'waiting') setResent(false)
    previous.current = phase
  }, [phase, error])
  return resent
}
