import type { Handlers } from '../handler.ts'
import { expenseEventHandlers } from './events.ts'
import { expenseHandlers } from './expenses.ts'

/** Expenses: claims, their receipts, approval and reimbursement by hand (a payroll reimburses the rest). */
export const expenseRouteHandlers: Handlers<
  'listExpenses' | 'getExpense' | 'createExpense' | 'updateExpense' | 'deleteExpense' | 'expenseHistory' | 'expenseEvent' | 'expenseEvents'
> = { ...expenseHandlers, ...expenseEventHandlers }
