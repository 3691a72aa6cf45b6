import {
  addPaidHours,
  holidayOn,
  holidayPay,
  holidayPremiumOn,
  holidayPayRuleOn,
  holidayPayWindow,
  holidaysBetween,
  lineAmount,
  localDateOf,
  localDateSpan,
  overtimeRuleOn,
  payslipLines,
  payslipTotals,
  type OvertimeJurisdiction,
  type PaidHours,
  type PayLine,
  type PayPeriod,
  type PayslipTotals,
  type Settings,
  type Holiday,
  type HolidayPayDay,
} from '@rota/core'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { payrollLines, payrollPeople, payrolls } from '../db/schema/index.ts'
import { expensesToReimburse } from '../repositories/expenses.ts'
import { clearCalculated, earnedTimesheets, markExpenses, payableTimesheets, type PayrollLineRow } from '../repositories/payrolls.ts'

/** One person's part of a run as calculated. */
export interface PersonPay {
  staffId: string
  timesheetIds: string[]
  lines: PayLine[]
  totals: PayslipTotals
}

export interface RunPay {
  people: PersonPay[]
  expenseIds: string[]
  totals: PayslipTotals
}

type ManualLine = Pick<PayrollLineRow, 'staff_id' | 'kind' | 'description' | 'amount_cents'>

const sumTotals = (all: readonly PayslipTotals[]): PayslipTotals =>
  all.reduce<PayslipTotals>(
    (sum, t) => ({
      regularMinutes: sum.regularMinutes + t.regularMinutes,
      overtimeMinutes: sum.overtimeMinutes + t.overtimeMinutes,
      doubleTimeMinutes: sum.doubleTimeMinutes + t.doubleTimeMinutes,
      grossCents: sum.grossCents + t.grossCents,
      overtimeCents: sum.overtimeCents + t.overtimeCents,
      reimbursementsCents: sum.reimbursementsCents + t.reimbursementsCents,
      deductionsCents: sum.deductionsCents + t.deductionsCents,
      netCents: sum.netCents + t.netCents,
    }),
    { regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0, grossCents: 0, overtimeCents: 0, reimbursementsCents: 0, deductionsCents: 0, netCents: 0 },
  )

type HolidayPayOwed = { date: string; key: string; cents: number }

/**
 * Statutory holidays and who is owed them (core's holiday calendar and pay rules of the business's
 * jurisdiction, decision 034), counted from each person's approved hours in each holiday's window
 * before it, paid or not, by the rule of the day the hours were worked: the pay of the period's
 * holidays, and whether each person was owed each holiday they worked (its premium is theirs only
 * then: someone not owed the holiday is paid as on any other day).
 */
async function holidaysOf(db: Db, businessId: string, holidays: readonly (Holiday & { paid: boolean })[], settings: Settings, ruleOn: (day: string) => ReturnType<typeof overtimeRuleOn>) {
  const jurisdiction = settings.overtime_jurisdiction as OvertimeJurisdiction
  const owed = new Map<string, HolidayPayOwed[]>()
  const eligible = new Set<string>()
  if (holidays.length === 0) return { owed, eligible }
  const windows = holidays.map((holiday) => {
    const rule = holidayPayRuleOn(jurisdiction, holiday.date)
    return { holiday, rule, window: holidayPayWindow(rule, holiday.date, settings.week_start) }
  })
  const first = windows.reduce((min, { window }) => (window.firstDay < min ? window.firstDay : min), windows[0]!.window.firstDay)
  const last = windows.reduce((max, { window }) => (window.lastDay > max ? window.lastDay : max), windows[0]!.window.lastDay)
  const span = localDateSpan(first, last, settings.timezone)
  const days = new Map<string, HolidayPayDay[]>()
  for (const row of await earnedTimesheets(db, businessId, span.from, span.to)) {
    const date = localDateOf(row.started_at, settings.timezone)
    const rule = ruleOn(date)
    const worked = { date, regularCents: lineAmount(row.regular_minutes, row.rate_cents), overtimeCents: lineAmount(row.overtime_minutes, row.rate_cents, rule.multiplier) + lineAmount(row.double_time_minutes, row.rate_cents, rule.doubleTimeMultiplier) }
    const person = days.get(row.staff_id)
    if (person) person.push(worked)
    else days.set(row.staff_id, [worked])
  }
  for (const [staffId, worked] of days) {
    for (const { holiday, rule, window } of windows) {
      const pay = holidayPay(rule, worked.filter((day) => day.date >= window.firstDay && day.date <= window.lastDay), settings.vacation_pay_percent)
      if (!pay.owed) continue
      eligible.add(`${staffId}|${holiday.date}`)
      if (pay.amountCents > 0 && holiday.paid) owed.set(staffId, [...(owed.get(staffId) ?? []), { date: holiday.date, key: holiday.key, cents: pay.amountCents }])
    }
  }
  return { owed, eligible }
}

/**
 * What a pay run of a period comes to, from the database as it is now: each person's approved
 * timesheets of the period not yet paid, and of earlier periods approved too late for their own run (their stored regular, overtime and double-time minutes,
 * counted by the business's week under its overtime rule, decision 025) grouped by the rate they
 * are paid at and the multipliers of the rule in force on their day, regular hours worked on a
 * statutory holiday at its premium; each statutory holiday's pay; vacation pay; the approved
 * expenses dated up to the period's end that no approved run reimbursed; the run's manual lines.
 */
export async function calculateRun(db: Db, businessId: string, period: PayPeriod, settings: Settings, manual: readonly ManualLine[]): Promise<RunPay> {
  const timesheetRows = await payableTimesheets(db, businessId, period.to)
  const expenseRows = await expensesToReimburse(db, businessId, period.lastDay)
  const jurisdiction = settings.overtime_jurisdiction as OvertimeJurisdiction
  const rules = new Map<string, ReturnType<typeof overtimeRuleOn>>()
  const ruleOn = (day: string) => {
    let rule = rules.get(day)
    if (!rule) rules.set(day, (rule = overtimeRuleOn({ jurisdiction }, day)))
    return rule
  }
  // The period's holidays are paid; those worked in earlier periods (hours approved late) only decide their premium.
  const worked = new Map<string, Holiday>()
  for (const row of timesheetRows) {
    const holiday = holidayOn(jurisdiction, localDateOf(row.started_at, settings.timezone))
    if (holiday) worked.set(holiday.date, holiday)
  }
  const inPeriod = holidaysBetween(jurisdiction, period.firstDay, period.lastDay)
  for (const holiday of inPeriod) worked.delete(holiday.date)
  const holidays = [...inPeriod.map((holiday) => ({ ...holiday, paid: true })), ...[...worked.values()].map((holiday) => ({ ...holiday, paid: false }))]
  const { owed: holidayPays, eligible } = await holidaysOf(db, businessId, holidays, settings, ruleOn)
  const people = new Map<string, { timesheetIds: string[]; hours: Map<string, PaidHours>; reimbursements: { expenseId: string; description: string; cents: number }[] }>()
  const personOf = (staffId: string) => {
    let person = people.get(staffId)
    if (!person) people.set(staffId, (person = { timesheetIds: [], hours: new Map(), reimbursements: [] }))
    return person
  }
  for (const row of timesheetRows) {
    const person = personOf(row.staff_id)
    person.timesheetIds.push(row.id)
    const day = localDateOf(row.started_at, settings.timezone)
    addPaidHours(person.hours, row.rate_cents, ruleOn(day), row, eligible.has(`${row.staff_id}|${day}`) ? holidayPremiumOn(jurisdiction, day) : undefined)
  }
  for (const staffId of holidayPays.keys()) personOf(staffId)
  for (const row of expenseRows) personOf(row.staff_id).reimbursements.push({ expenseId: row.id, description: row.description, cents: row.total_cents })
  for (const line of manual) personOf(line.staff_id)
  const result: PersonPay[] = [...people.entries()].map(([staffId, person]) => {
    const lines = payslipLines({
      hours: [...person.hours.values()],
      vacationPayPercent: settings.vacation_pay_percent,
      holidayPay: holidayPays.get(staffId) ?? [],
      reimbursements: person.reimbursements,
      manual: manual.filter((line) => line.staff_id === staffId).map((line) => ({ kind: line.kind as 'bonus', description: line.description, cents: line.amount_cents })),
    })
    return { staffId, timesheetIds: person.timesheetIds, lines, totals: payslipTotals(lines) }
  })
  return { people: result, expenseIds: expenseRows.map((row) => row.id), totals: sumTotals(result.map((person) => person.totals)) }
}

const totalsColumns = (t: PayslipTotals) => ({
  regular_minutes: t.regularMinutes,
  overtime_minutes: t.overtimeMinutes,
  double_time_minutes: t.doubleTimeMinutes,
  gross_cents: t.grossCents,
  overtime_cents: t.overtimeCents,
  reimbursements_cents: t.reimbursementsCents,
  deductions_cents: t.deductionsCents,
  net_cents: t.netCents,
})

/** Writes a run's calculation over a draft's: its people, calculated and manual lines, totals, and the expenses it counts. */
export async function writeRun(db: Db, businessId: string, payrollId: string, run: RunPay, at: Date): Promise<void> {
  await clearCalculated(db, businessId, payrollId)
  await db.delete(payrollLines).where(and(eq(payrollLines.business_id, businessId), eq(payrollLines.payroll_id, payrollId)))
  if (run.people.length > 0) {
    await db.insert(payrollPeople).values(run.people.map((person) => ({ business_id: businessId, payroll_id: payrollId, staff_id: person.staffId, timesheet_ids: person.timesheetIds, ...totalsColumns(person.totals) })))
    const lines = run.people.flatMap((person) =>
      person.lines.map((line, position) => ({
        business_id: businessId,
        payroll_id: payrollId,
        staff_id: person.staffId,
        position,
        kind: line.kind,
        description: line.description,
        minutes: line.minutes,
        rate_cents: line.rateCents,
        multiplier: line.multiplier,
        amount_cents: line.amountCents,
        expense_id: line.expenseId,
        manual: line.manual,
      })),
    )
    for (let i = 0; i < lines.length; i += 2000) await db.insert(payrollLines).values(lines.slice(i, i + 2000))
  }
  await markExpenses(db, businessId, payrollId, run.expenseIds)
  await db
    .update(payrolls)
    .set({ ...totalsColumns(run.totals), people_count: run.people.length, calculated_at: at })
    .where(and(eq(payrolls.business_id, businessId), eq(payrolls.id, payrollId)))
}

/** A line as stored and as calculated compare equal when they pay the same thing. */
const lineKey = (line: { kind: string; minutes: number | null; rate: number | null; multiplier: string | null; amount: number; expense: string | null }) =>
  `${line.kind}|${line.minutes}|${line.rate}|${line.multiplier}|${line.amount}|${line.expense}`

/** Whether a run calculated now pays exactly what a draft's stored lines and timesheets say: what approving it requires. */
export function sameRun(run: RunPay, stored: { lines: readonly PayrollLineRow[]; timesheets: ReadonlyMap<string, readonly string[]> }): boolean {
  const now = run.people.flatMap((person) => person.lines.map((line) => `${person.staffId}|${lineKey({ kind: line.kind, minutes: line.minutes, rate: line.rateCents, multiplier: line.multiplier, amount: line.amountCents, expense: line.expenseId })}`)).sort()
  const then = stored.lines.map((line) => `${line.staff_id}|${lineKey({ kind: line.kind, minutes: line.minutes, rate: line.rate_cents, multiplier: line.multiplier, amount: line.amount_cents, expense: line.expense_id })}`).sort()
  if (now.length !== then.length || now.some((key, index) => key !== then[index])) return false
  const counted = (ids: Iterable<readonly string[]>) => [...ids].flat().sort().join(',')
  return counted(run.people.map((person) => person.timesheetIds)) === counted(stored.timesheets.values())
}
