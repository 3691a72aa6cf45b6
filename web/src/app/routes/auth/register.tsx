import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx'
import { paths } from '../../../config/paths.ts'
import { RegisterForm } from '../../../features/auth/components/register-form.tsx'
import { useSignedInRedirect, withRedirect } from '../../../features/auth/hooks/use-signed-in-redirect.ts'

/** /register: a new business and its owner, signed in on success. */
export function RegisterPage() {
  const { t } = useTranslation('auth')
  const search = useSearch()
  useSignedInRedirect()
  return (
    <AuthLayout title={t('register.title')} description={t('register.description')}>
      <RegisterForm />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <Link href={withRedirect(paths.auth.href(), search)} className="font-semibold text-primary-700 hover:text-primary-900 hover:underline">
          {t('register.signIn')}
        </Link>
      </p>
    </AuthLayout>
  )
}
