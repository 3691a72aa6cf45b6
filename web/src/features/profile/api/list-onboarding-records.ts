import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about the signed-in user's onboarding starts with this key. */
export const onboardingRecordsKey = ['profile-onboarding'] as const

/**
 * `GET /profile/onboarding`: where the signed-in user stands on each onboarding entry.
 * @example
 * const records = useOnboardingRecords()
 */
export function useOnboardingRecords() {
  const api = useApi()
  return useQuery({
    queryKey: onboardingRecordsKey,
    queryFn: ({ signal }) => api.listProfileOnboarding({ query: { page: 1, page_size: 100 } }, { silent: true, signal }),
  })
}
