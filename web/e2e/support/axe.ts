import axe from 'axe-core'
import type { Page } from 'playwright-core'

/** An accessibility problem serious enough to fail the suite. */
export interface Violation {
  id: string
  impact: string
  help: string
  targets: string[]
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP
 * stays as strict as it is), once its transitions have finished, and returns the serious
 * and critical violations.
 * @example
 * expect(await seriousViolations(page)).toEqual([])
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // The screen as it settles: a button enabled a moment ago is still fading its text from grey
  // (transition-colors), which axe would measure as a contrast failure nobody sees.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner turns for ever: only what ends is waited for.
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  await page.evaluate(axe.source)
  const results = await page.evaluate(() =>
    // A toast on its way out fades: what it said was read while it stood.
    (window as unknown as { axe: typeof axe }).axe.run({ exclude: [['.Toastify__toast[data-in="false"]']] }, { resultTypes: ['violations'] }),
  )
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
}
