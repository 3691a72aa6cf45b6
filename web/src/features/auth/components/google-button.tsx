import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

const SCRIPT_URL = 'https://accounts.google.com/gsi/client'

/** Google's button sizes and the heights they draw at (SPEC.md §9). */
export const GOOGLE_BUTTON_HEIGHTS = { large: 40, medium: 32, small: 20 } as const
export type GoogleButtonSize = keyof typeof GOOGLE_BUTTON_HEIGHTS

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: 'popup' }): void
      renderButton(parent: HTMLElement, options: { type: 'standard'; theme: 'outline'; size: GoogleButtonSize; text: 'signin_with'; shape: 'rectangular'; locale: string; width?: number }): void
    }
  }
}

declare global {
  interface Window {
    google?: GoogleIdentity
  }
}

let loading: Promise<GoogleIdentity> | undefined

/** Loads Google Identity Services once; the server's CSP allows its script only when Google is set up. */
function loadGoogle(): Promise<GoogleIdentity> {
  if (window.google) return Promise.resolve(window.google)
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google sign-in did not load')))
    script.onerror = () => {
      loading = undefined
      reject(new Error('Google sign-in did not load'))
    }
    document.head.append(script)
  })
  return loading
}

/**
 * "Sign in with Google", drawn by Google in the height asked for (40, 32 or 20 px), shown only
 * when this Rota has a Google client id. Hands the ID token to `onCredential`.
 * @example
 * {config.google_client_id && <GoogleButton clientId={config.google_client_id} onCredential={signIn} />}
 */
export function GoogleButton({ clientId, size = 'large', onCredential }: { clientId: string; size?: GoogleButtonSize; onCredential: (credential: string) => void }) {
  const { t, i18n } = useTranslation('auth')
  const slot = useRef<HTMLDivElement>(null)
  const callback = useRef(onCredential)
  callback.current = onCredential
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let active = true
    loadGoogle()
      .then((google) => {
        if (!active || !slot.current) return
        google.accounts.id.initialize({ client_id: clientId, callback: ({ credential }) => callback.current(credential), ux_mode: 'popup' })
        google.accounts.id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size,
          text: 'signin_with',
          shape: 'rectangular',
          locale: i18n.language,
        })
      })
      .catch(() => active && setFailed(true))
    return () => {
      active = false
    }
  }, [clientId, size, i18n.language])

  if (failed) return <p className="text-center text-xs text-slate-500">{t('google.unavailable')}</p>
  return <div ref={slot} data-size={size} className="flex justify-center" style={{ minHeight: GOOGLE_BUTTON_HEIGHTS[size] }} />
}
