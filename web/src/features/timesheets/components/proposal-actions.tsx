import type { Timesheet } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { useDecideProposal, useWithdrawProposal } from '../api/change-timesheet.ts'

const ACCEPT = 'timesheet.accept_proposal'
const DECLINE = 'timesheet.decline_proposal'
const WITHDRAW = 'timesheet.withdraw_proposal'

/**
 * What can be done with a timesheet's proposed correction, as the panel's actions: a manager
 * accepts it (applied as their correction) or declines it, saying why if they like; its
 * proposer withdraws it. A refusal shows under the buttons; a stale version offers `onReload`.
 * @example
 * <ProposalActions timesheet={sheet} deciding={canCorrect} onReload={() => void reload(sheet.id)} />
 */
export function ProposalActions({ timesheet, deciding, onReload }: { timesheet: Timesheet; deciding: boolean; onReload: () => void }) {
  const { t } = useTranslation('app')
  const decide = useDecideProposal()
  const withdraw = useWithdrawProposal()
  const { id, version } = timesheet
  if (deciding) {
    return (
      <RecordActions
        allowed={[ACCEPT, DECLINE]}
        options={{
          [ACCEPT]: { tone: 'primary' },
          [DECLINE]: { tone: 'danger', reason: { label: t('timesheets.proposal.declineReason'), hint: t('timesheets.proposal.declineHint'), optional: true } },
        }}
        onReload={onReload}
        send={(type, payload) => decide.mutateAsync({ id, decision: type === ACCEPT ? 'accept' : 'decline', body: { version, ...payload } })}
      />
    )
  }
  return <RecordActions allowed={[WITHDRAW]} onReload={onReload} send={() => withdraw.mutateAsync({ id, version })} />
}
