import { Argument, Command, CommanderError, Option } from 'commander'
import { EXIT } from './errors.ts'
import type { Io } from './io.ts'
import type { GlobalOptions } from './session/target.ts'

/** What an action receives: the terminal and the options every command takes. */
export interface CommandContext {
  io: Io
  global: GlobalOptions
}

/** How an action ends other than with success: a refused import still prints its report, then exits 4. */
type SetExitCode = (code: number) => void

const examples = (lines: string[]) => `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`

const rootHelp = `${examples([
  'rota login --host https://rota.example.com --business acme --email ada@acme.ca',
  'rota import locations clients.csv --dry-run',
  'rota shifts import march.csv --publish',
  'rota users invite zoe@acme.ca --role Manager --firstname Zoé --lastname Roy --print-links',
  'rota export timesheets --from 2026-03-01 --to 2026-03-31 --status approved > march.csv',
  'rota audit verify',
  'ROTA_HOST=https://rota.example.com ROTA_TOKEN=… rota whoami --json',
])}
Environment:
  ROTA_HOST        the Rota to use when --host is not given
  ROTA_TOKEN       an access token to use instead of a stored session (CI)
  XDG_CONFIG_HOME  sessions are kept in $XDG_CONFIG_HOME/rota/credentials.json (default ~/.config)

Exit codes:
  0 ok, 1 failure, 2 usage, 3 not signed in or no permission, 4 validation failed,
  130 cancelled (Ctrl-C or SIGINT), 143 stopped by SIGTERM
`

/**
 * The `rota` command tree. Every command's module is imported only when it runs, so
 * `rota --help` loads commander and nothing else.
 */
export function buildProgram(io: Io, setExitCode: SetExitCode = () => {}): Command {
  const program = new Command('rota')
    .description('The Rota admin command line: sign in, import clients, services and shifts from CSV, export shifts and timesheets, invite users, smoke-test a deployment.')
    .option('--host <url>', 'the Rota to talk to (default: ROTA_HOST, then the last one signed in, then http://localhost:3000)')
    .option('--profile <name>', 'the stored session to use (default: one per host)')
    .option('--json', 'print machine-readable JSON')
    .option('--debug', 'print stack traces')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError('(run with --help for usage and examples)')
    .addHelpText('after', rootHelp)

  const context = (command: Command): CommandContext => ({ io, global: command.optsWithGlobals<GlobalOptions>() })

  program
    .command('login')
    .description('Sign in and keep the session for the next commands (prompts for what is missing on a terminal)')
    .option('--business <id>', 'the business to sign in to')
    .option('--email <email>', 'your e-mail address')
    .option('--password-stdin', 'read the password from standard input (for scripts)')
    .addHelpText('after', examples([
      'rota login',
      'rota login --host https://rota.example.com --business acme --email ada@acme.ca',
      'printf %s "$ROTA_PASSWORD" | rota login --business acme --email ada@acme.ca --password-stdin',
      'rota login --profile staging --host https://staging.rota.example.com',
    ]))
    .action(async (options, command: Command) => {
      const [{ login }, { printLogin }] = await Promise.all([import('./commands/login.ts'), import('./print-session.ts')])
      const ctx = context(command)
      printLogin(ctx, await login({ ...ctx, ...options }))
    })

  program
    .command('logout')
    .description('Sign out: revokes the session on the server and forgets it here')
    .addHelpText('after', examples(['rota logout', 'rota logout --profile staging']))
    .action(async (_options, command: Command) => {
      const [{ logout }, { printLogout }] = await Promise.all([import('./commands/logout.ts'), import('./print-session.ts')])
      const ctx = context(command)
      printLogout(ctx, await logout(ctx))
    })

  program
    .command('whoami')
    .description('Show who is signed in, to which business and Rota')
    .addHelpText('after', examples(['rota whoami', 'rota whoami --json']))
    .action(async (_options, command: Command) => {
      const [{ whoami }, { printWhoami }] = await Promise.all([import('./commands/whoami.ts'), import('./print-session.ts')])
      const ctx = context(command)
      printWhoami(ctx, await whoami(ctx))
    })

  const importing = program.command('import').description('Import clients (locations) or services from a CSV file')
  for (const kind of ['locations', 'services'] as const) {
    importing
      .command(`${kind} <file>`)
      .description(`Import ${kind === 'locations' ? 'clients (locations)' : 'services'} from a CSV file; re-running the same file updates instead of duplicating`)
      .option('--dry-run', 'check every row and show what would be created and updated, changing nothing')
      .option('--skip-invalid', 'write the good rows and report the bad ones (default: a bad row means nothing is written)')
      .option('--errors <file>', 'write each rejected row to this CSV file with its line number and reasons')
      .addHelpText('after', `${examples([
        `rota import template ${kind} > ${kind}.csv`,
        `rota import ${kind} ${kind}.csv --dry-run`,
        `rota import ${kind} ${kind}.csv --skip-invalid --errors rejected.csv`,
      ])}
Rows are matched to existing records by name (ignoring case and extra spaces), so importing
a corrected file again updates the same records. Ctrl-C cancels: nothing is written.
`)
      .action(async (file: string, options, command: Command) => {
        const [{ importCsv }, { printImport, importProgress }] = await Promise.all([import('./commands/import-csv.ts'), import('./print-import.ts')])
        const ctx = context(command)
        const progress = importProgress(io)
        const outcome = await importCsv({ ...ctx, ...options, kind, file, progress }).finally(() => progress.finish())
        setExitCode(printImport(ctx, outcome))
      })
  }
  importing
    .command('template')
    .description('Print the sample CSV file of an import (the one the web app offers; shifts: `rota shifts import`)')
    .addArgument(new Argument('<kind>', 'locations, services or shifts').choices(['locations', 'services', 'shifts']))
    .addHelpText('after', examples(['rota import template locations > clients.csv', 'rota import template services', 'rota import template shifts > shifts.csv']))
    .action(async (kind: 'locations' | 'services' | 'shifts', _options, command: Command) => {
      const { importTemplate } = await import('./commands/import-template.ts')
      const ctx = context(command)
      const result = await importTemplate({ kind })
      if (ctx.global.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
      else io.stdout.write(result.csv)
    })

  const schedule = program.command('schedule').description('The schedule: fill its open shifts')
  schedule
    .command('fill')
    .description('Propose who should work the open shifts of a range (at most two weeks), with a reason each and why any stays open; --apply writes it as drafts')
    .requiredOption('--from <date>', 'the first day, such as 2026-03-09')
    .requiredOption('--to <date>', 'the last day, included')
    .option('--weights <goal=number,…>', 'weigh goals differently from the settings for this fill: cost (a multiple of the labour cost), over_preferred, fairness (cents an hour), continuity, preference (cents a shift)')
    .option('--apply', 'write the proposal as draft assignments (all or nothing: a shift changed meanwhile refuses it)')
    .addHelpText('after', `${examples(['rota schedule fill --from 2026-03-09 --to 2026-03-15', 'rota schedule fill --from 2026-03-09 --to 2026-03-15 --weights cost=3,fairness=900,continuity=0', 'rota schedule fill --from 2026-03-09 --to 2026-03-15 --apply', 'rota schedule fill --from 2026-03-09 --to 2026-03-15 --json'])}
Every rule the schedule knows is kept (services, availability, time off, overlaps, rest, weekly
hours, days in a row); cost with overtime, preferred hours, fairness, continuity and preferences
are weighed as the business's settings say, or as --weights says for the goals it names.
Nothing is published: the drafts wait for a publish. Ctrl-C stops the solve.
`)
    .action(async (options, command: Command) => {
      const [{ scheduleFill }, { printScheduleFill }] = await Promise.all([import('./commands/schedule-fill.ts'), import('./print-shifts.ts')])
      const ctx = context(command)
      printScheduleFill(ctx, await scheduleFill({ ...ctx, ...options }))
    })

  const shifts = program.command('shifts').description('Shifts: import a schedule from CSV, export one')
  shifts
    .command('import <file>')
    .description('Import shifts from a CSV file as drafts (or published with --publish), on the business\'s clock')
    .option('--dry-run', 'check every row and show what would be created, refused and warned of, changing nothing')
    .option('--publish', 'publish the imported shifts in the same transaction: each person is notified once')
    .option('--skip-invalid', 'write the good rows and report the bad ones (default: a bad row means nothing is written)')
    .option('--errors <file>', 'write each rejected row to this CSV file with its line number and reasons')
    .addHelpText('after', `${examples([
      'rota import template shifts > shifts.csv',
      'rota shifts import shifts.csv --dry-run',
      'rota shifts import shifts.csv --publish',
      'rota shifts export --from 2026-03-02 --to 2026-03-08 > week.csv && rota shifts import week.csv --dry-run',
    ])}
Columns: staff_email (blank for an open shift), client, service, date (2026-03-09), start and
end (09:30, 21:30; an end at or before the start is the next day), break_minutes, notes; the
export's status column is accepted and left alone. People are found by e-mail, clients and
services by name. A row the same person cannot work (another shift then, in the schedule or
in the file) is refused; one outside their availability, past their weekly hours or short of
rest is imported with a warning. A row the schedule already holds as it is stays unchanged,
so an export imports again without duplicates. Ctrl-C cancels: nothing is written.
`)
    .action(async (file: string, options, command: Command) => {
      const [{ importCsv }, { printImport, importProgress }] = await Promise.all([import('./commands/import-csv.ts'), import('./print-import.ts')])
      const ctx = context(command)
      const progress = importProgress(io)
      const outcome = await importCsv({ ...ctx, ...options, kind: 'shifts', file, progress }).finally(() => progress.finish())
      setExitCode(printImport(ctx, outcome))
    })
  shifts
    .command('export')
    .description('Export the shifts starting between two days (the business\'s clock) in the columns the import reads, plus status')
    .requiredOption('--from <date>', 'the first day, such as 2026-03-02')
    .requiredOption('--to <date>', 'the last day, included')
    .addOption(new Option('--format <format>', 'how to write the shifts').choices(['csv', 'json']).default('csv'))
    .option('--output <file>', 'write the shifts to this file (default: standard output)')
    .addHelpText('after', `${examples([
      'rota shifts export --from 2026-03-02 --to 2026-03-08 > week.csv',
      'rota shifts export --from 2026-01-01 --to 2026-12-31 --format json --output 2026.json',
    ])}
CSV cells that a spreadsheet would run as a formula are written with a leading apostrophe,
which the import reads back as it was.
`)
    .action(async (options, command: Command) => {
      const [{ shiftsExport }, { printShiftsExport }] = await Promise.all([import('./commands/shifts-export.ts'), import('./print-shifts.ts')])
      const ctx = context(command)
      printShiftsExport(ctx, await shiftsExport({ ...ctx, ...options }))
    })

  const auditing = program.command('audit').description('The audit trail')
  auditing
    .command('verify')
    .description('Check the business\'s audit chain: each row against its hash and the row before it; reports the first break (exit 1)')
    .addHelpText('after', `${examples(['rota audit verify', 'rota audit verify --json'])}
Each audit row carries the hash of the row before it in the business, so a row changed or
removed in the database shows here. Keep the printed head elsewhere (a ticket, a log) to
notice rows removed from the end later. Needs audit-logs:read.
`)
    .action(async (_options, command: Command) => {
      const [{ auditVerify }, { printAuditVerify }] = await Promise.all([import('./commands/audit-verify.ts'), import('./print-audit.ts')])
      const ctx = context(command)
      setExitCode(printAuditVerify(ctx, await auditVerify(ctx)))
    })

  const users = program.command('users').description('Team members and invitations')
  users
    .command('list')
    .description('List team members')
    .option('--search <text>', 'only those whose name or e-mail contains this')
    .addOption(new Option('--status <status>', 'only those with this status').choices(['invited', 'active', 'disabled']))
    .option('--role <name>', 'only those with this role')
    .addHelpText('after', examples(['rota users list', 'rota users list --role Manager --json']))
    .action(async (options, command: Command) => {
      const [{ usersList }, { printUsers }] = await Promise.all([import('./commands/users-list.ts'), import('./print-users.ts')])
      const ctx = context(command)
      printUsers(ctx, await usersList({ ...ctx, ...options }))
    })
  users
    .command('invites')
    .description('List pending invitations')
    .addHelpText('after', examples(['rota users invites', 'rota users invites --json']))
    .action(async (_options, command: Command) => {
      const [{ usersInvites }, { printInvites }] = await Promise.all([import('./commands/users-invites.ts'), import('./print-users.ts')])
      const ctx = context(command)
      printInvites(ctx, await usersInvites(ctx))
    })
  users
    .command('invite [email]')
    .description('Invite someone by e-mail, or everyone in a CSV file (email, firstname, lastname, role)')
    .option('--role <name>', 'their role, such as Manager or Staff')
    .option('--firstname <name>', 'their first name')
    .option('--lastname <name>', 'their last name')
    .option('--csv <file>', 'invite every row of this CSV file')
    .option('--print-links', 'show the acceptance links (for a Rota without a mail server)')
    .addHelpText('after', examples([
      'rota users invite zoe@acme.ca --role Manager --firstname Zoé --lastname Roy',
      'rota users invite --csv team.csv --print-links',
    ]))
    .action(async (email: string | undefined, options, command: Command) => {
      const [{ usersInvite }, { printInviteResults }] = await Promise.all([import('./commands/users-invite.ts'), import('./print-users.ts')])
      const ctx = context(command)
      setExitCode(printInviteResults(ctx, await usersInvite({ ...ctx, ...options, email })))
    })
  users
    .command('resend <email>')
    .description('Send an invitation again with a new link (the old link stops working)')
    .option('--print-links', 'show the new acceptance link')
    .addHelpText('after', examples(['rota users resend zoe@acme.ca --print-links']))
    .action(async (email: string, options, command: Command) => {
      const [{ usersResend }, { printInviteResults }] = await Promise.all([import('./commands/users-resend.ts'), import('./print-users.ts')])
      const ctx = context(command)
      setExitCode(printInviteResults(ctx, await usersResend({ ...ctx, ...options, email })))
    })
  users
    .command('revoke <email>')
    .description('Revoke a pending invitation: its link stops working')
    .addHelpText('after', examples(['rota users revoke zoe@acme.ca']))
    .action(async (email: string, _options, command: Command) => {
      const [{ usersRevoke }, { printRevoked }] = await Promise.all([import('./commands/users-revoke.ts'), import('./print-users.ts')])
      const ctx = context(command)
      printRevoked(ctx, await usersRevoke({ ...ctx, email }))
    })

  const exporter = program.command('export').description('Export records for other tools')
  exporter
    .command('timesheets')
    .description('Export the timesheets of a range of business days as CSV (or JSON) for a payroll provider or a spreadsheet')
    .requiredOption('--from <date>', 'the first business day, such as 2026-03-01')
    .requiredOption('--to <date>', 'the last business day, included')
    .addOption(new Option('--status <status>', 'only timesheets with this status').choices(['pending', 'approved', 'rejected']))
    .addOption(new Option('--format <format>', 'what to print').choices(['csv', 'json']).default('csv'))
    .option('--output <file>', 'write the timesheets to this file (default: standard output)')
    .addHelpText('after', `${examples([
      'rota export timesheets --from 2026-03-01 --to 2026-03-31 --status approved > march.csv',
      'rota export timesheets --from 2026-03-09 --to 2026-03-15 --format json',
      'rota export timesheets --from 2026-03-01 --to 2026-03-31 --output march.csv',
    ])}
Each row is one timesheet: its business day, person, client and service, start and end on the
business's clock and as UTC instants, break, paid, regular, overtime and double-time minutes,
planned minutes, status and flags. Cells a spreadsheet would run as formulas start with '.
`)
    .action(async (options, command: Command) => {
      const [{ exportTimesheets }, { printTimesheetExport }] = await Promise.all([import('./commands/export-timesheets.ts'), import('./print-export.ts')])
      const ctx = context(command)
      await printTimesheetExport(ctx, await exportTimesheets({ ...ctx, ...options }))
    })

  exporter
    .command('payroll')
    .description('Export an approved pay run by its number as CSV (or JSON) for a payroll provider')
    .argument('<number>', 'the payroll number, such as 12')
    .addOption(new Option('--format <format>', 'what to print').choices(['csv', 'json']).default('csv'))
    .option('--output <file>', 'write the pay run to this file (default: standard output)')
    .addHelpText('after', `${examples(['rota export payroll 12 > payroll-12.csv', 'rota export payroll 12 --format json', 'rota export payroll 12 --output payroll-12.csv'])}
Each row is one person's earning of one type: regular, overtime or double-time hours at a rate,
vacation pay, a reimbursed expense, a bonus, or a deduction or advance (negative), so a person's
rows add up to their net pay before statutory deductions. Drafts have no number and are not exported.
`)
    .action(async (number: string, options, command: Command) => {
      const [{ exportPayroll }, { printPayrollExport }] = await Promise.all([import('./commands/export-payroll.ts'), import('./print-export.ts')])
      const ctx = context(command)
      await printPayrollExport(ctx, await exportPayroll({ ...ctx, ...options, number }))
    })

  program
    .command('smoke')
    .description('Walk the sign-in and token-refresh paths against a live Rota and report each one')
    .requiredOption('--business <id>', 'the business of the smoke-test account')
    .requiredOption('--email <email>', 'the smoke-test account (use a dedicated one: its sessions are signed out)')
    .option('--password-stdin', 'read the password from standard input (default: ROTA_SMOKE_PASSWORD, or a prompt)')
    .addOption(new Option('--reporter <name>', 'how to report').choices(['text', 'junit']).default('text'))
    .option('--output <file>', 'where --reporter junit writes its XML (default: standard output)')
    .addHelpText('after', examples([
      'ROTA_SMOKE_PASSWORD=… rota smoke --host https://rota.example.com --business acme --email smoke@acme.ca',
      'rota smoke --business acme --email smoke@acme.ca --password-stdin --reporter junit --output smoke.xml < password.txt',
    ]))
    .action(async (options, command: Command) => {
      const [{ smoke }, { printSmoke }] = await Promise.all([import('./commands/smoke.ts'), import('./print-smoke.ts')])
      const ctx = context(command)
      setExitCode(await printSmoke(ctx, await smoke({ ...ctx, ...options }), options))
    })

  return program
}

/**
 * Runs `rota` with these arguments and returns its exit code; the only caller of
 * `process.exit` is the entry point. A failure prints one line (the server's message),
 * or a JSON error with `--json`, and its stack only with `--debug`.
 * @example
 * const code = await run(['import', 'locations', 'clients.csv', '--dry-run'], io)
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let exitCode: number = EXIT.ok
  const program = buildProgram(io, (code) => void (exitCode = code))
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? EXIT.ok : EXIT.usage
    }
    const global = program.opts<GlobalOptions>()
    const [{ describeError }, { resolveHost }] = await Promise.all([import('./describe-error.ts'), import('./session/target.ts')])
    const failure = describeError(error, resolveHost(io, global))
    // Cancelled by SIGTERM rather than Ctrl-C: the code the shell gives a process that signal ends.
    if (failure.exitCode === EXIT.interrupted && io.interrupt.reason === 'SIGTERM') failure.exitCode = EXIT.terminated
    if (global.json) {
      const { exitCode, ...said } = failure
      io.stdout.write(`${JSON.stringify({ error: { ...said, exit_code: exitCode } }, null, 2)}\n`)
    }
    io.stderr.write(`rota: ${failure.message}\n`)
    if (global.debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`)
    return failure.exitCode
  }
}
