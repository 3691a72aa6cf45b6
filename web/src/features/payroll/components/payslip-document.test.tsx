import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { businessAddress, payslip } from '../../../testing/records.ts'
import { renderPiece } from '../../../testing/render-piece.tsx'
import { PayslipDocument } from './payslip-document.tsx'

describe('the payslip document', () => {
  it('names the employer with its address and phone under its name, in the person’s language', async () => {
    const slip = payslip({ staff: { ...payslip().staff, locale: 'fr' }, business: { name: 'Maple Cleaning', logo: null, address: businessAddress() } })
    renderPiece(<PayslipDocument payslip={slip} />)
    const document = await screen.findByRole('article', { name: /Ana Diaz/ })
    expect(within(document).getByText('Bulletin de paie')).toBeVisible()
    const header = within(document).getByText('Maple Cleaning').closest('header')!
    expect(header).toHaveTextContent(/Maple Cleaning\s*1200 Burrard St\s*Vancouver BC V6Z 2C7\s*Tél\. 604-555-0199/)
  })

  it('writes no address lines for a business that has not given its address', async () => {
    renderPiece(<PayslipDocument payslip={payslip()} />)
    const document = await screen.findByRole('article', { name: 'Payslip of Ana Diaz' })
    expect(within(document).getByText('Maple Cleaning')).toBeVisible()
    expect(within(document).queryByText(/Tel\./)).toBeNull()
    expect(document.querySelector('address')).toBeNull()
  })
})
