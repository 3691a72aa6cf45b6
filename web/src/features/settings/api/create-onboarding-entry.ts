import type { CreateOnboardingEntryBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { onboardingEntriesKey } from './list-onboarding-entries.ts'

/**
 * `POST /settings/onboarding`: a new step for new team members, last in the list.
 * @example
 * await useCreateOnboardingEntry().mutateAsync({ title: 'Read the safety guide', position: 3 })
 */
export function useCreateOnboardingEntry() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateOnboardingEntryBody>) => api.createOnboardingEntry({ body }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingEntriesKey }),
  })
}
