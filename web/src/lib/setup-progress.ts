import { isAdministrator, parseCompletedSteps, type SetupStep } from '@rota/core'
import { useServices } from './services.tsx'

/**
 * After an administrator did one of the setup guide's steps on its own page (invited someone,
 * saved a role, added a client…), the server has marked it; the settings are read again so
 * the guide's badge counts it. Nothing is asked when the step was already done.
 * @example
 * const stepDone = useStepDone()
 * await invite(); stepDone('staffs')
 */
export function useStepDone(): (step: SetupStep) => void {
  const { api, session } = useServices()
  return (step) => {
    const { user, settings } = session.getSnapshot().context
    if (!settings || !isAdministrator(user)) return
    const marks = parseCompletedSteps(settings.completed_guided_setup)
    if (marks.includes(step) || marks.includes('all')) return
    api.getSettings(undefined, { silent: true }).then(
      (fresh) => session.send({ type: 'session.settings.updated', settings: fresh }),
      () => {},
    )
  }
}
