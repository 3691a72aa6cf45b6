import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useChangePassword } from '../api/change-password.ts'
import { PasswordForm as PasswordSchema } from '../utils/profile-forms.ts'

/**
 * Changing one's password: the current one, then the new one twice. The other sessions end;
 * this one carries on with the new tokens.
 * @example
 * <PasswordForm />
 */
export function PasswordForm() {
  const { t } = useTranslation('app')
  const change = useChangePassword()
  const formRef = useRef<HTMLFormElement>(null)
  const form = useZodForm(
    PasswordSchema,
    async ({ current_password, password }) => {
      await change.mutateAsync({ current_password, password })
      formRef.current?.reset()
    },
    describeFields({ confirm: t('profile.passwordsDiffer') }),
  )
  return (
    <form ref={formRef} onSubmit={form.handleSubmit} noValidate className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('profile.changePassword')}</h3>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      {change.isSuccess && !form.pending && <Alert tone="success">{t('profile.passwordChanged')}</Alert>}
      <TextField name="current_password" type="password" label={t('profile.currentPassword')} autoComplete="current-password" required error={form.errorText('current_password')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="password" type="password" label={t('profile.newPassword')} hint={t('profile.passwordHint')} autoComplete="new-password" required error={form.errorText('password')} />
        <TextField name="confirm" type="password" label={t('profile.confirmPassword')} autoComplete="new-password" required error={form.errorText('confirm')} />
      </div>
      <Button type="submit" variant="secondary" loading={form.pending}>
        {t('profile.changePassword')}
      </Button>
    </form>
  )
}
