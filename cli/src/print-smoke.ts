import type { SmokeReport } from './commands/smoke.ts'
import { EXIT, type ExitCode } from './errors.ts'
import { writeOutputFile } from './output-file.ts'
import type { CommandContext } from './program.ts'
import { plural, printResult } from './print.ts'

const escape = (text: string) => text.replace(/[<>&"']/g, (char) => `&${({ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' })[char]};`)

/**
 * The report as JUnit XML, one test suite per machine and one test case per path, as
 * CI systems read it.
 * @example
 * await writeOutputFile('smoke.xml', junit(report))
 */
export function junit(report: SmokeReport): string {
  const suites = (['session', 'token-refresh'] as const).map((machine) => {
    const paths = report.paths.filter((path) => path.machine === machine)
    const cases = paths.map((path) => {
      const head = `    <testcase classname="rota.smoke.${machine}" name="${escape(path.name)}" time="${path.seconds.toFixed(3)}"`
      return path.ok ? `${head}/>` : `${head}>\n      <failure message="${escape(path.error ?? '')}"/>\n    </testcase>`
    })
    const failures = paths.filter((path) => !path.ok).length
    const seconds = paths.reduce((sum, path) => sum + path.seconds, 0)
    return `  <testsuite name="${machine} machine" tests="${paths.length}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}" timestamp="${report.started_at}" hostname="${escape(report.host)}">\n${cases.join('\n')}\n  </testsuite>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="rota smoke" tests="${report.paths.length}" failures="${report.failed}" time="${report.seconds.toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`
}

const summary = (report: SmokeReport) =>
  `${report.host}: ${plural(report.paths.length, 'path')} walked, ${report.failed === 0 ? 'all passed' : `${report.failed.toLocaleString('en-CA')} failed`} (${report.seconds.toFixed(1)} s).`

function text(report: SmokeReport): string {
  const lines = report.paths.map((path) => `${path.ok ? '✓' : '✗'} ${path.machine}: ${path.name}${path.ok ? '' : `\n    ${path.error}`}`)
  return [...lines, summary(report)].join('\n')
}

/** Prints the smoke report (text, JSON, or JUnit XML to stdout or a file); any failed path exits 1. */
export async function printSmoke({ io, global }: CommandContext, report: SmokeReport, options: { reporter?: string; output?: string }): Promise<ExitCode> {
  if (options.reporter === 'junit') {
    if (options.output) await writeOutputFile(options.output, junit(report))
    else io.stdout.write(junit(report))
    io.stderr.write(`${summary(report)}${options.output ? ` JUnit report written to ${options.output}.` : ''}\n`)
  } else printResult(io, global, report, text)
  for (const path of report.paths.filter((result) => !result.ok)) io.stderr.write(`rota: smoke failed on ${path.machine}: ${path.name}: ${path.error}\n`)
  return report.failed === 0 ? EXIT.ok : EXIT.failure
}
