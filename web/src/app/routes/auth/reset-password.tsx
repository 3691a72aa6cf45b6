import { UpdatePasswordBody } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'wouter'
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { useUpdatePassword } from '../../../features/auth/api/update-password.ts'
import { useResetToken } from '../../../features/auth/api/verify-reset-token.ts'
import { useSignedInRedirect } from '../../../features/auth/hooks/use-signed-in-redirect.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { notify } from '../../../lib/toast.tsx'

const NewPassword = UpdatePasswordBody.pick({ password: true })

/** /auth/reset-password/{credentials}: choose a new password with the e-mailed link. */
export function ResetPasswordPage({ params }: { params: { credentials: string } }) {
  const { t } = useTranslation('auth')
  const [, navigate] = useLocation()
  useSignedInRedirect()
  const token = params.credentials
  const link = useResetToken(token)
  const update = useUpdatePassword()
  const form = useZodForm(NewPassword, async ({ password }) => {
    await update.mutateAsync({ token, password })
    void notify('success', t('reset.done'))
    navigate(`${paths.auth.href()}?${new URLSearchParams({ business: link.data?.business_id ?? '' })}`)
  })

  return (
    <AuthLayout title={t('reset.title')} description={link.data ? t('reset.description', { email: link.data.email, business: link.data.business_name }) : undefined}>
      {link.isPending ? (
        <div className="flex justify-center py-8 text-primary-700">
          <Spinner className="size-6" label={t('reset.checking')} />
        </div>
      ) : link.isError ? (
        <div className="space-y-5">
          <Alert tone="error" title={t('reset.invalidTitle')}>
            {link.error.message}
          </Alert>
          <Link href={paths.forgetPassword.href()} className="font-semibold text-primary-700 hover:underline">
            {t('reset.askAgain')}
          </Link>
        </div>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate className="space-y-5">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <input type="text" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
          <TextField
            name="password"
            type="password"
            label={t('fields.newPassword')}
            hint={t('fields.passwordHint')}
            autoComplete="new-password"
            required
            autoFocus
            error={form.errorText('password')}
          />
          <Button type="submit" size="lg" className="w-full" loading={form.pending}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}
