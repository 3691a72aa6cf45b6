import { leaveBalance, localDateOf, type LeaveRules, type LocalDate, type TimeoffBalance } from '@rota/core'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { forbidden, unprocessable } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { schedulableStaff } from '../../repositories/shifts.ts'
import { activeCategories, type TimeoffCategoryRow } from '../../repositories/timeoff-categories.ts'
import { leaveFigures, type LeaveFigures } from '../../repositories/timeoff-requests.ts'
import type { Handlers } from '../handler.ts'
import { timeoffViewerOf } from './present.ts'

/** A person's balance of one category in the year of `date`, from their figures. */
export function balanceOf(category: TimeoffCategoryRow, figures: LeaveFigures, date: LocalDate): TimeoffBalance {
  const year = Number(date.slice(0, 4))
  const rules: LeaveRules = {
    accrual: category.accrual as LeaveRules['accrual'],
    yearly_allowance_minutes: category.yearly_allowance_minutes,
    accrual_rate: category.accrual_rate,
    carry_over_max_minutes: category.carry_over_max_minutes,
    allow_negative: category.allow_negative,
  }
  const years = new Map<number, { year: number; worked_minutes: number; used_minutes: number }>()
  const yearOf = (y: number) => years.get(y) ?? years.set(y, { year: y, worked_minutes: 0, used_minutes: 0 }).get(y)!
  for (const worked of figures.worked) yearOf(worked.year).worked_minutes += worked.minutes
  for (const used of figures.used.filter((entry) => entry.category_id === category.id)) yearOf(used.year).used_minutes += used.minutes
  const pending = figures.pending.filter((entry) => entry.category_id === category.id && entry.year === year).reduce((sum, entry) => sum + entry.minutes, 0)
  const tracked = rules.accrual !== 'none'
  const figured = leaveBalance(rules, [...years.values()], figures.joined, year, pending)
  return {
    category: { id: category.id, name: category.name, colour: category.colour, unit: category.unit as TimeoffBalance['category']['unit'], day_minutes: category.day_minutes, paid: category.paid },
    year,
    tracked,
    allow_negative: category.allow_negative,
    carried_over_minutes: tracked ? figured.carried_over : 0,
    earned_minutes: tracked ? figured.earned : 0,
    used_minutes: figured.used,
    pending_minutes: figured.pending,
    balance_minutes: tracked ? figured.balance : 0,
    available_minutes: tracked ? figured.available : 0,
  }
}

/**
 * Refuses (422 `timeoff_over_balance`) time off that takes more than `left` minutes of a
 * category that keeps a balance and does not let it go below zero.
 */
export function refuseOverBalance(balance: TimeoffBalance, minutes: number, left: number): void {
  if (!balance.tracked || balance.allow_negative || minutes <= left) return
  throw unprocessable('timeoff_over_balance', { available_minutes: left, requested_minutes: minutes, category_id: balance.category.id })
}

/** A person's balance of one category in the year of `date`. */
export async function personBalance(db: Db, businessId: string, staffId: string, category: TimeoffCategoryRow, date: LocalDate, timeZone: string): Promise<TimeoffBalance> {
  return balanceOf(category, await leaveFigures(db, businessId, staffId, timeZone), date)
}

type Ctx = HandlerContext<Auth>

export const timeoffBalanceHandlers: Handlers<'getTimeoffBalances'> = {
  async getTimeoffBalances({ query }, ctx: Ctx) {
    const { businessId, userId } = ctx.auth
    const staffId = query.staff_id ?? userId
    if (staffId !== userId && !timeoffViewerOf(ctx.auth).decides) throw forbidden()
    if (staffId !== userId && (await schedulableStaff(ctx.db, businessId, [staffId])).length === 0) throw unprocessable('staff_not_found', { staff_id: 'No such team member (or disabled)' })
    const settings = await getSettings(ctx.db, businessId)
    const date = query.date ?? localDateOf(new Date(), settings.timezone)
    const figures = await leaveFigures(ctx.db, businessId, staffId, settings.timezone)
    return (await activeCategories(ctx.db, businessId)).map((category) => balanceOf(category, figures, date))
  },
}
