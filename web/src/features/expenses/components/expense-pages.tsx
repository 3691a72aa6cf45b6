import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useExpense } from '../api/expenses.ts'
import { ExpenseFormFields } from './expense-form.tsx'

/** `/finances/expenses/create`: a claim on its own page, the way a phone submits one; saved, it opens in the list. */
export function NewExpense() {
  const { t } = useTranslation('app')
  const [, navigate] = useLocation()
  return (
    <Panel title={t('expenses.newTitle')} description={t('expenses.newHint')}>
      <ExpenseFormFields onSaved={(expense) => navigate(`${paths.expenses.href()}?id=${expense.id}`)} onCancel={() => navigate(paths.expenses.href())} />
    </Panel>
  )
}

/** `/finances/expenses/edit/{id}`: a submitted claim changed on its own page. */
export function EditExpense({ id }: { id: string }) {
  const { t } = useTranslation('app')
  const [, navigate] = useLocation()
  const expense = useExpense(id)
  if (expense.isError) return <Alert tone="error" title={t('expenses.unavailable')}>{errorText(expense.error)}</Alert>
  if (!expense.data) return <Spinner label={t('expenses.loading')} />
  const back = () => navigate(`${paths.expenses.href()}?id=${id}`)
  if (expense.data.status !== 'submitted' || expense.data.locked) return <Alert tone="info">{t('expenses.notEditable')}</Alert>
  return (
    <Panel title={t('expenses.editTitle')}>
      <ExpenseFormFields expense={expense.data} onSaved={back} onCancel={back} />
    </Panel>
  )
}
