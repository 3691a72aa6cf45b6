import type { Profile } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { LANGUAGES } from '../../../lib/i18n.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useUpdateProfile } from '../api/update-profile.ts'
import { ProfileForm as ProfileSchema } from '../utils/profile-forms.ts'

/**
 * The signed-in user's own details: names, phone, the language of the app and of the
 * e-mails they get (which switches the page at once when saved), and whether their
 * notifications come by e-mail as well.
 * @example
 * <ProfileForm key={reloads} user={user} onReload={reload} />
 */
export function ProfileForm({ user, onReload }: { user: Profile; onReload: () => void }) {
  const { t, i18n } = useTranslation('app')
  const update = useUpdateProfile()
  const form = useZodForm(
    ProfileSchema,
    async (values) => {
      await update.mutateAsync({ ...values, version: user.version })
      if (values.locale !== i18n.resolvedLanguage) await i18n.changeLanguage(values.locale)
    },
    describeFields({ phone: t('validation.phone') }),
  )
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Panel
        title={t('profile.details')}
        footer={
          <Button type="submit" loading={form.pending}>
            {t('actions.saveChanges')}
          </Button>
        }
      >
        <div className="space-y-5">
          {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={onReload} />}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="firstname" label={t('fields.firstname')} defaultValue={user.firstname} required autoComplete="given-name" error={form.errorText('firstname')} />
            <TextField name="lastname" label={t('fields.lastname')} defaultValue={user.lastname} required autoComplete="family-name" error={form.errorText('lastname')} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="phone" type="tel" label={t('fields.phone')} defaultValue={user.phone ?? ''} autoComplete="tel" error={form.errorText('phone')} />
            <SelectField
              name="locale"
              label={t('profile.language')}
              defaultValue={user.locale}
              options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
              error={form.errorText('locale')}
            />
          </div>
          <CheckboxField name="email_notifications" label={t('profile.emailNotifications')} description={t('profile.emailNotificationsHint')} defaultChecked={user.email_notifications} />
        </div>
      </Panel>
    </form>
  )
}
