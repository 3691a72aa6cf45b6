import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useUpdateEmail } from '../api/update-email.ts'
import { EmailForm as EmailSchema } from '../utils/profile-forms.ts'

/**
 * Changing one's e-mail address: the new address and the password. Nothing changes until
 * the link sent to the new address is opened, which the form says.
 * @example
 * <EmailForm current={user.email} />
 */
export function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation('app')
  const update = useUpdateEmail()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm(EmailSchema, async (values) => {
    setSentTo(null)
    await update.mutateAsync(values)
    setSentTo(values.email)
  })
  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('profile.changeEmail')}</h3>
      <p className="text-sm text-slate-600">{t('profile.emailNow', { email: current })}</p>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      {sentTo && <Alert tone="success">{t('profile.emailSent', { email: sentTo })}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="email" type="email" label={t('profile.newEmail')} autoComplete="email" required error={form.errorText('email')} />
        <TextField name="password" type="password" label={t('profile.yourPassword')} autoComplete="current-password" required error={form.errorText('password')} />
      </div>
      <Button type="submit" variant="secondary" loading={form.pending}>
        {t('profile.sendConfirmation')}
      </Button>
    </form>
  )
}
