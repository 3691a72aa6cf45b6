import { Suspense, type ReactNode } from 'react'
import { FullScreenLoader } from '../components/ui/spinner.tsx'
import { ServicesProvider, type AppServices } from '../lib/services.tsx'
import { Toasts } from '../lib/toast.tsx'

/**
 * What every page can reach: the API and the session, and the toasts. Translations load
 * behind the outer Suspense; server data has its own provider, loaded with the pages that
 * use it.
 * @example
 * <AppProvider services={services}><AppRouter /></AppProvider>
 */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <Suspense fallback={<FullScreenLoader label="Loading…" />}>{children}</Suspense>
      <Suspense>
        <Toasts />
      </Suspense>
    </ServicesProvider>
  )
}
