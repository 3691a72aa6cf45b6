import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { onboardingEntriesKey } from './list-onboarding-entries.ts'

/**
 * `DELETE /settings/onboarding/{id}`: removes an entry, and everyone's progress on it.
 * @example
 * useDeleteOnboardingEntry().mutate(entry.id)
 */
export function useDeleteOnboardingEntry() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteOnboardingEntry({ params: { id } }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingEntriesKey }),
  })
}
