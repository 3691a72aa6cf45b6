import { Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter'
import { ErrorBoundary } from '../components/errors/error-boundary.tsx'
import { FullScreenLoader } from '../components/ui/spinner.tsx'
import { paths, PROTECTED_PATTERNS, PUBLIC_PATHS } from '../config/paths.ts'
import { lazyPage } from '../lib/lazy-page.ts'

const LoginPage = lazyPage(() => import('./routes/auth/login.tsx'), 'LoginPage')
const RegisterPage = lazyPage(() => import('./routes/auth/register.tsx'), 'RegisterPage')
const ForgetPasswordPage = lazyPage(() => import('./routes/auth/forget-password.tsx'), 'ForgetPasswordPage')
const ResetPasswordPage = lazyPage(() => import('./routes/auth/reset-password.tsx'), 'ResetPasswordPage')
const AcceptInvitePage = lazyPage(() => import('./routes/auth/accept-invite.tsx'), 'AcceptInvitePage')
const OtpPage = lazyPage(() => import('./routes/auth/otp.tsx'), 'OtpPage')
const ConfirmEmailPage = lazyPage(() => import('./routes/auth/confirm-email.tsx'), 'ConfirmEmailPage')
const PublicInvoicePage = lazyPage(() => import('./routes/public-invoice.tsx'), 'PublicInvoicePage')
const ProtectedRoot = lazyPage(() => import('./routes/app/root.tsx'), 'ProtectedRoot')
const NotFound = lazyPage(() => import('../components/errors/not-found.tsx'), 'NotFound')
const QueryProvider = lazyPage(() => import('../lib/query-provider.tsx'), 'QueryProvider')

const SIGN_IN_PATTERNS: readonly string[] = [paths.auth.pattern, paths.login.pattern]
const OTHER_PUBLIC_PATTERNS = PUBLIC_PATHS.map((name) => paths[name].pattern).filter((pattern) => !SIGN_IN_PATTERNS.includes(pattern))

/**
 * Every route of SPEC.md §2: the public pages by pattern, the protected area for any path
 * it knows, and the 404 page for the rest, whether signed in or not. Each page is a chunk,
 * and the server-data cache comes with the pages that use it, which sign-in does not.
 */
export function AppRouter() {
  const { t } = useTranslation()
  const [location] = useLocation()
  const { parser } = useRouter()
  const matches = (patterns: readonly string[]) => patterns.some((pattern) => matchRoute(parser, pattern, location)[0])

  let page: ReactNode = <NotFound />
  if (matches(SIGN_IN_PATTERNS)) page = <LoginPage />
  else if (matches(PROTECTED_PATTERNS)) page = <QueryProvider><ProtectedRoot /></QueryProvider>
  else if (matches(OTHER_PUBLIC_PATTERNS)) page = <QueryProvider><PublicPages /></QueryProvider>

  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<FullScreenLoader label={t('loading')} />}>{page}</Suspense>
    </ErrorBoundary>
  )
}

/** The public pages other than sign-in. */
function PublicPages() {
  return (
    <Switch>
      <Route path={paths.register.pattern} component={RegisterPage} />
      <Route path={paths.forgetPassword.pattern} component={ForgetPasswordPage} />
      <Route path={paths.resetPassword.pattern}>{(params) => <ResetPasswordPage params={params} />}</Route>
      <Route path={paths.acceptInvite.pattern}>{(params) => <AcceptInvitePage params={params} />}</Route>
      <Route path={paths.otp.pattern}>{(params) => <OtpPage params={params} />}</Route>
      <Route path={paths.confirmEmail.pattern}>{(params) => <ConfirmEmailPage params={params} />}</Route>
      <Route path={paths.publicInvoice.pattern}>{(params) => <PublicInvoicePage params={params} />}</Route>
    </Switch>
  )
}
