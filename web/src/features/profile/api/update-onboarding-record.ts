import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { onboardingRecordsKey } from './list-onboarding-records.ts'

/**
 * `PUT /profile/onboarding/{id}`: an entry ticked or unticked again.
 * @example
 * useUpdateOnboardingRecord().mutate({ id: record.id, completed: false, version: record.version })
 */
export function useUpdateOnboardingRecord() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, completed, version }: { id: string; completed: boolean; version: number }) =>
      api.updateProfileOnboarding({ params: { id }, body: { id, completed, version } }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingRecordsKey }),
  })
}
