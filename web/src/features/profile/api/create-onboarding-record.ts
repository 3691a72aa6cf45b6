import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { onboardingRecordsKey } from './list-onboarding-records.ts'

/**
 * `POST /profile/onboarding`: the first tick on an onboarding entry.
 * @example
 * useCreateOnboardingRecord().mutate({ entry_id: entry.id, completed: true })
 */
export function useCreateOnboardingRecord() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { entry_id: string; completed: boolean }) => api.createProfileOnboarding({ body }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingRecordsKey }),
  })
}
