import { CANADIAN_PROVINCES, RegisterBusinessBody } from '@rota/core'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { CANADIAN_TIME_ZONES } from '../../../config/canada.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useRegisterBusiness } from '../api/register-business.ts'
import { notify } from '../../../lib/toast.tsx'


function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return CANADIAN_TIME_ZONES.some((candidate) => candidate.zone === zone) ? zone : 'America/Toronto'
}

/** `Acme Cleaning Inc.` → `acme-cleaning-inc`: a business id suggested from the name. */
export function suggestBusinessId(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
}

/** Register a business and its owner; the business id follows the name until it is edited. */
export function RegisterForm() {
  const { t, i18n } = useTranslation('auth')
  const { t: appT } = useTranslation('app')
  const register = useRegisterBusiness()
  const form = useZodForm(RegisterBusinessBody, async (values) => {
    await register.mutateAsync(values)
    void notify('success', t('register.welcome'))
  })
  const [name, setName] = useState('')
  const [businessId, setBusinessId] = useState<string | null>(null)
  const provinceHintId = useId()

  return (
    <form onSubmit={form.handleSubmit} noValidate className="space-y-5">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <fieldset className="space-y-5">
        <legend className="text-xs font-semibold tracking-wide text-primary-800 uppercase">{t('register.business')}</legend>
        <TextField
          name="business_name"
          label={t('fields.businessName')}
          autoComplete="organization"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={form.errorText('business_name')}
        />
        <TextField
          name="business_id"
          label={t('fields.businessId')}
          hint={t('register.businessIdHint')}
          autoCapitalize="none"
          spellCheck={false}
          required
          value={businessId ?? suggestBusinessId(name)}
          onChange={(event) => setBusinessId(event.target.value)}
          error={form.errorText('business_id')}
        />
        <SelectField
          name="timezone"
          label={t('fields.timezone')}
          defaultValue={browserTimeZone()}
          options={CANADIAN_TIME_ZONES.map(({ zone, key }) => ({ value: zone, label: t(`timezones.${key}`) }))}
          error={form.errorText('timezone')}
        />
        <SelectField
          name="province"
          label={t('fields.province')}
          defaultValue=""
          aria-describedby={provinceHintId}
          options={[{ value: '', label: t('register.provinceLater') }, ...CANADIAN_PROVINCES.map((code) => ({ value: code, label: appT(`provinces.${code}`) }))]}
          error={form.errorText('province')}
        />
        <p id={provinceHintId} className="-mt-3 text-xs text-slate-500">
          {t('register.provinceHint')}
        </p>
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="text-xs font-semibold tracking-wide text-primary-800 uppercase">{t('register.owner')}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstname" label={t('fields.firstname')} autoComplete="given-name" required error={form.errorText('firstname')} />
          <TextField name="lastname" label={t('fields.lastname')} autoComplete="family-name" required error={form.errorText('lastname')} />
        </div>
        <TextField name="email" type="email" label={t('fields.email')} autoComplete="email" required error={form.errorText('email')} />
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          hint={t('fields.passwordHint')}
          autoComplete="new-password"
          required
          error={form.errorText('password')}
        />
      </fieldset>
      <input type="hidden" name="locale" value={currentLocale(i18n)} />
      <Button type="submit" size="lg" className="w-full" loading={form.pending || register.isSuccess}>
        {t('register.submit')}
      </Button>
    </form>
  )
}
