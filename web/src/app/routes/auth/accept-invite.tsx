import { AcceptInviteBody } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { useAcceptInvite } from '../../../features/auth/api/accept-invite.ts'
import { useInvite } from '../../../features/auth/api/verify-invite.ts'
import { useSignedInRedirect } from '../../../features/auth/hooks/use-signed-in-redirect.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { notify } from '../../../lib/toast.tsx'

const AcceptForm = AcceptInviteBody.omit({ token: true })

/** /auth/accept/{invite_credentials}: an invited member sets a password and is signed in. */
export function AcceptInvitePage({ params }: { params: { invite_credentials: string } }) {
  const { t, i18n } = useTranslation('auth')
  const leaving = useSignedInRedirect()
  const token = params.invite_credentials
  const invite = useInvite(token)
  const accept = useAcceptInvite()
  const form = useZodForm(AcceptForm, async (values) => {
    await accept.mutateAsync({ ...values, token })
    void notify('success', t('accept.welcome'))
  })

  return (
    <AuthLayout title={t('accept.title')} description={invite.data ? t('accept.description', { business: invite.data.business_name }) : undefined}>
      {invite.isPending ? (
        <div className="flex justify-center py-8 text-primary-700">
          <Spinner className="size-6" label={t('accept.checking')} />
        </div>
      ) : invite.isError ? (
        <div className="space-y-5">
          <Alert tone="error" title={t('accept.invalidTitle')}>
            {t('accept.invalid')}
          </Alert>
          <Link href={paths.auth.href()} className="font-semibold text-primary-700 hover:underline">
            {t('accept.toSignIn')}
          </Link>
        </div>
      ) : (
        <form onSubmit={form.handleSubmit} noValidate className="space-y-5">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <TextField name="email" type="email" label={t('fields.email')} autoComplete="username" value={invite.data.email} readOnly disabled />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="firstname" label={t('fields.firstname')} autoComplete="given-name" defaultValue={invite.data.firstname} error={form.errorText('firstname')} />
            <TextField name="lastname" label={t('fields.lastname')} autoComplete="family-name" defaultValue={invite.data.lastname} error={form.errorText('lastname')} />
          </div>
          <TextField
            name="password"
            type="password"
            label={t('fields.password')}
            hint={t('fields.passwordHint')}
            autoComplete="new-password"
            required
            error={form.errorText('password')}
          />
          <input type="hidden" name="locale" value={currentLocale(i18n)} />
          <Button type="submit" size="lg" className="w-full" loading={form.pending || accept.isSuccess || leaving}>
            {t('accept.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}
