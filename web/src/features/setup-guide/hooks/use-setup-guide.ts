import { completedCount, SETUP_STEPS, type MaybeSubject } from '@rota/core'
import { setupGuideMachine } from '@rota/machines'
import { useActorRef, useSelector } from '@xstate/react'
import { useLocation } from 'wouter'
import { fromPromise } from 'xstate'
import { useServices } from '../../../lib/services.tsx'
import { saveGuide } from '../api/save-guide.ts'

/**
 * The setup guide's machine for this sign-in: steps open their pages, marks are saved to
 * the settings (and the session hears of the new settings), "Remind Me Later" lasts as
 * long as the signed-in layout does.
 * @example
 * const guide = useSetupGuide(user, settings.completed_guided_setup)
 * guide.shown && <SetupGuideBadge done={guide.done} total={guide.total} />
 */
export function useSetupGuide(user: MaybeSubject, completed: string) {
  const { api, session } = useServices()
  const [, navigate] = useLocation()
  const guide = useActorRef(
    setupGuideMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          const settings = await saveGuide(api, input.completed_guided_setup)
          session.send({ type: 'session.settings.updated', settings })
        }),
      },
      actions: { navigate: (_, { to }) => navigate(to) },
    }),
    { input: { user, completed } },
  )
  const shown = useSelector(guide, (state) => state.matches({ offered: { display: 'shown' } }))
  const marks = useSelector(guide, (state) => state.context.marks)
  const saving = useSelector(guide, (state) => state.matches({ offered: { persistence: 'saving' } }))
  const error = useSelector(guide, (state) => state.context.error)
  return { shown, marks, saving, error, done: completedCount(marks), total: SETUP_STEPS.length, send: guide.send }
}
