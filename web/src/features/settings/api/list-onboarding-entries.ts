import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about onboarding entries starts with this key. */
export const onboardingEntriesKey = ['onboarding-entries'] as const

/**
 * `GET /settings/onboarding`: the steps every new team member goes through, in order.
 * Everyone signed in may read them (their profile shows their checklist).
 * @example
 * const entries = useOnboardingEntries()
 */
export function useOnboardingEntries() {
  const api = useApi()
  return useQuery({
    queryKey: onboardingEntriesKey,
    queryFn: ({ signal }) => api.listOnboardingEntries({ query: { page: 1, page_size: 100 } }, { silent: true, signal }),
  })
}
