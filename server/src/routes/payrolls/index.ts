import type { Handlers } from '../handler.ts'
import { payrollEventHandlers } from './events.ts'
import { payrollHandlers } from './payrolls.ts'
import { payslipHandlers } from './payslips.ts'

/** Payroll: pay runs from approved hours and expenses, their approval and payment, payslips and the report. */
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
> = { ...payrollHandlers, ...payrollEventHandlers, ...payslipHandlers }
