import { expenseMachine, invoiceMachine, payrollMachine, shiftMachine, timeOffMachine, timesheetMachine } from '@rota/machines'
import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ActiveBadge, STATUS_TONES, StatusBadge, type StatusIn } from './status-badge.tsx'

describe('StatusBadge', () => {
  it('names every state of every lifecycle machine, and gives it a tone', () => {
    const machines = { shift: shiftMachine, timesheet: timesheetMachine, timeoff: timeOffMachine, invoice: invoiceMachine, expense: expenseMachine, payroll: payrollMachine }
    for (const [lifecycle, machine] of Object.entries(machines)) {
      const known = Object.keys(STATUS_TONES[lifecycle as keyof typeof machines])
      expect(known, lifecycle).toEqual(expect.arrayContaining(Object.keys(machine.root.states)))
    }
  })

  it('says a status in the reader\'s language, coloured by what it means', async () => {
    const { rerender } = render(<StatusBadge lifecycle="invoice" status="overdue" />)
    expect(screen.getByText('Overdue')).toHaveClass('bg-red-50')
    rerender(<StatusBadge lifecycle="invoice" status="paid" />)
    expect(screen.getByText('Paid')).toHaveClass('bg-emerald-50')
    await i18next.changeLanguage('fr')
    rerender(<StatusBadge lifecycle="invoice" status="partially_paid" />)
    expect(screen.getByText('Payée en partie')).toHaveClass('bg-amber-50')
    await i18next.changeLanguage('es')
    rerender(<StatusBadge lifecycle="timeoff" status="cancellation_requested" />)
    expect(screen.getByText('Cancelación solicitada')).toHaveClass('bg-amber-50')
  })

  it('shows a status this build does not know as it came, rather than nothing', () => {
    render(<StatusBadge lifecycle="shift" status={'on_hold' as StatusIn<'shift'>} />)
    expect(screen.getByText('on_hold')).toHaveClass('bg-slate-100')
  })

  it('marks a client or service Active or Inactive', () => {
    const { rerender } = render(<ActiveBadge active />)
    expect(screen.getByText('Active')).toHaveClass('bg-emerald-50')
    rerender(<ActiveBadge active={false} />)
    expect(screen.getByText('Inactive')).toHaveClass('bg-slate-100')
  })
})
