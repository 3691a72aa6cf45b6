import { ResetPasswordRequestBody } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { useResetPasswordRequest } from '../../../features/auth/api/reset-password-request.ts'
import { useSignedInRedirect } from '../../../features/auth/hooks/use-signed-in-redirect.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'

/** /auth/forget-password: ask for a reset link by e-mail. */
export function ForgetPasswordPage() {
  const { t } = useTranslation('auth')
  useSignedInRedirect()
  const request = useResetPasswordRequest()
  const form = useZodForm(ResetPasswordRequestBody, (body) => request.mutateAsync(body))

  return (
    <AuthLayout title={t('forgot.title')} description={t('forgot.description')}>
      {request.isSuccess ? (
        <Alert tone="success" title={t('forgot.sentTitle')}>
          {t('forgot.sent', { email: request.variables.email })}
        </Alert>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate className="space-y-5">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <TextField name="email" type="email" label={t('fields.email')} autoComplete="email" required error={form.errorText('email')} />
          <TextField
            name="business_id"
            label={t('fields.businessId')}
            hint={t('login.businessIdHint')}
            autoCapitalize="none"
            spellCheck={false}
            error={form.errorText('business_id')}
          />
          <Button type="submit" size="lg" className="w-full" loading={form.pending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link href={paths.auth.href()} className="font-semibold text-primary-700 hover:text-primary-900 hover:underline">
          {t('forgot.back')}
        </Link>
      </p>
    </AuthLayout>
  )
}
