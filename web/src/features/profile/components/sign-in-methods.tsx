import type { ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useLinkGoogle } from '../api/link-google.ts'
import { useLogoutOthers } from '../api/logout-others.ts'

/**
 * How one signs in besides the password: a Google account (offered only when this Rota
 * has Google sign-in; `googleButton` draws Google's own button), and signing out every
 * other session after asking.
 * @example
 * <SignInMethods linked={user.google_linked} googleButton={clientId ? (onCredential) => <GoogleButton … /> : null} />
 */
export function SignInMethods({ linked, googleButton }: { linked: boolean; googleButton: ((onCredential: (credential: string) => void) => ReactNode) | null }) {
  const { t } = useTranslation('app')
  const link = useLinkGoogle()
  const logoutOthers = useLogoutOthers()
  const [asking, setAsking] = useState(false)
  return (
    <div className="space-y-6">
      {googleButton && (
        <div className="space-y-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            {t('profile.google')}
            {linked && <Badge tone="green">{t('profile.googleLinked')}</Badge>}
          </h3>
          <p className="text-sm text-slate-600">{linked ? t('profile.googleLinkedHint') : t('profile.googleHint')}</p>
          {link.error && <Alert tone="error">{errorText(link.error)}</Alert>}
          {!linked && <div className="w-fit">{googleButton((credential) => link.mutate(credential))}</div>}
        </div>
      )}
      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">{t('profile.sessions')}</h3>
        <p className="text-sm text-slate-600">{t('profile.sessionsHint')}</p>
        {logoutOthers.isSuccess && <Alert tone="success">{t('profile.othersSignedOut')}</Alert>}
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('profile.signOutOthers')}
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          open
          title={t('profile.signOutOthersTitle')}
          confirmLabel={t('profile.signOutOthers')}
          tone="primary"
          pending={logoutOthers.isPending}
          error={logoutOthers.error && errorText(logoutOthers.error)}
          onConfirm={() => logoutOthers.mutate(undefined, { onSuccess: () => setAsking(false) })}
          onClose={() => setAsking(false)}
        >
          {t('profile.signOutOthersText')}
        </ConfirmDialog>
      )}
    </div>
  )
}
