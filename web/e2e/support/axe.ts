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
 * stays as strict as it is) and returns the serious and critical violations.
 * @example
 * expect(await seriousViolations(page)).toEqual([])
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axe.source)
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
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
