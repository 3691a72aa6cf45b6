import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { useServices, useSession } from '../../../lib/services.tsx'
import { failureText } from '../../../lib/failure-text.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { withRedirect } from '../hooks/use-signed-in-redirect.ts'
import type { LoginValues } from '../utils/login-schema.ts'

/** The schema (and zod) arrives once someone starts typing, not with the page. */
const loginSchema = () => import('../utils/login-schema.ts').then((module) => module.LoginForm)

/** Sign in with business, e-mail and password; the session machine does the rest. */
export function LoginFormView({ defaultBusinessId }: { defaultBusinessId?: string }) {
  const { t } = useTranslation('auth')
  const { t: common } = useTranslation()
  const { session } = useServices()
  const search = useSearch()
  const busy = useSession((state) => !state.matches('signedOut'))
  const refusal = useSession((state) => (state.matches('signedOut') ? state.context.error : null))
  const send = useCallback((values: LoginValues) => session.send({ type: 'session.login', ...values }), [session])
  const form = useZodForm(loginSchema, send)

  return (
    <form onSubmit={form.handleSubmit} onFocus={() => void loginSchema()} noValidate className="space-y-5">
      {refusal && <Alert tone="error">{failureText(refusal, common)}</Alert>}
      <TextField
        name="business_id"
        label={t('fields.businessId')}
        hint={t('login.businessIdHint')}
        autoComplete="organization"
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={defaultBusinessId}
        error={form.errorText('business_id')}
      />
      <TextField name="email" type="email" label={t('fields.email')} autoComplete="username" required error={form.errorText('email')} />
      <div>
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
          error={form.errorText('password')}
        />
        <div className="mt-2 text-right text-sm">
          <Link href={paths.forgetPassword.href()} className="font-medium text-primary-700 hover:text-primary-900 hover:underline">
            {t('login.forgot')}
          </Link>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {t('login.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('login.noAccount')}{' '}
        <Link href={withRedirect(paths.register.href(), search)} className="font-semibold text-primary-700 hover:text-primary-900 hover:underline">
          {t('login.register')}
        </Link>
      </p>
    </form>
  )
}
