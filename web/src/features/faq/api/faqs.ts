import type { CreateFaqBody, Faq } from '@rota/core'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

export const faqsKey = ['faqs'] as const

/**
 * `GET /faq?q=`: the questions by category and position, or those matching the words.
 * @example
 * const faqs = useFaqs('payday')
 */
export function useFaqs(q: string) {
  const api = useApi()
  return useQuery(queryOptions({ queryKey: [...faqsKey, q], queryFn: ({ signal }) => api.listFaqs({ query: q ? { q } : {} }, { silent: true, signal }), placeholderData: keepPreviousData }))
}

/** `POST /faq`, `PUT /faq/{id}` (with the version read) and `DELETE /faq/{id}`: what administrators write. */
export function useSaveFaq() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ faq, body }: { faq: Faq | null; body: z.input<typeof CreateFaqBody> }) =>
      faq ? api.updateFaq({ params: { id: faq.id }, body: { ...body, version: faq.version } }, { silent: 'errors' }) : api.createFaq({ body }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsKey }),
  })
}

export function useDeleteFaq() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteFaq({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsKey }),
  })
}

/** Moves a question one place up or down in its category by swapping positions with its neighbour. */
export function useMoveFaq() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ faq, neighbour, up }: { faq: Faq; neighbour: Faq; up: boolean }) => {
      // Swapped; two questions at one position are told apart by one more.
      const same = faq.position === neighbour.position
      const mine = same ? neighbour.position + (up ? 0 : 1) : neighbour.position
      const theirs = same ? neighbour.position + (up ? 1 : 0) : faq.position
      await api.updateFaq({ params: { id: faq.id }, body: { position: mine, version: faq.version } }, { silent: 'errors' })
      await api.updateFaq({ params: { id: neighbour.id }, body: { position: theirs, version: neighbour.version } }, { silent: 'errors' })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: faqsKey }),
  })
}
