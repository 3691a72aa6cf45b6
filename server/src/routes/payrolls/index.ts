import type { Handlers } from '../handler.ts'
import { payrollEventHandlers } from './events.ts'
import { payrollMarginHandlers } from './margin.ts'
import { payrollHandlers } from './payrolls.ts'
import { payslipHandlers } from './payslips.ts'

/** Payroll: pay runs from approved hours and expenses, their approval and payment, payslips, the report and the margin per client. */
export const payrollRouteHandlers: Handlers<
  | 'listPayrolls'
  | 'getPayroll'
  | 'createPayroll'
  | 'updatePayroll'
  | 'deletePayroll'
  | 'recalculatePayroll'
  | 'payrollEvent'
  | 'payrollHistory'
  | 'listPayslips'
  | 'getPayslip'
  | 'payrollReport'
  | 'payrollMargin'
> = { ...payrollHandlers, ...payrollEventHandlers, ...payslipHandlers, ...payrollMarginHandlers }
