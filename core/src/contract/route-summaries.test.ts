import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { withoutRouteSummaries } from './route-summaries.ts'

const source = readFileSync(new URL('./routes.ts', import.meta.url), 'utf8')

describe('withoutRouteSummaries', () => {
  it('drops every route’s summary from the routes’ source, one line or several, and nothing else', () => {
    const stripped = withoutRouteSummaries(source)
    expect(stripped).not.toMatch(/summary:/)
    const defined = source.match(/defineRoute\(\{/g)?.length ?? 0
    expect(defined).toBeGreaterThan(100)
    expect(stripped.match(/defineRoute\(\{/g)).toHaveLength(defined)
    // What is left is the source's own lines, in order: only whole summary lines went.
    const left = stripped.split('\n')
    let at = 0
    const lines = source.split('\n')
    for (const line of left) {
      while (at < lines.length && lines[at] !== line) at += 1
      expect(at, `"${line}" is a line of routes.ts`).toBeLessThan(lines.length)
      at += 1
    }
    const removed = lines.length - left.length
    expect(removed).toBeGreaterThanOrEqual(defined)
  })

  it('keeps a quote escaped inside a summary from ending it', () => {
    const route = "  a: defineRoute({\n    summary: 'The business\\'s own, \\'quoted\\'',\n    response: A,\n  }),\n"
    expect(withoutRouteSummaries(route)).toBe("  a: defineRoute({\n    response: A,\n  }),\n")
  })
})
