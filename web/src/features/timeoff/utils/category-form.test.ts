import { describe, expect, it } from 'vitest'
import { CategoryForm, categoryFormValues } from './category-form.ts'

const typed = { name: 'Vacation', colour: '#0d9488', unit: 'days', day_hours: '7,5', accrual: 'yearly', allowance: '10', carry_over: '2.5', paid: 'on', active: 'on' }

describe('the category form', () => {
  it('turns amounts typed in the category’s unit into minutes', () => {
    expect(CategoryForm.parse(typed)).toEqual({
      name: 'Vacation',
      colour: '#0d9488',
      paid: true,
      unit: 'days',
      day_minutes: 450,
      accrual: 'yearly',
      yearly_allowance_minutes: 4500,
      accrual_rate: null,
      carry_over_max_minutes: 1125,
      allow_negative: false,
      active: true,
    })
    expect(CategoryForm.parse({ ...typed, unit: 'hours', allowance: '40', carry_over: undefined })).toMatchObject({ yearly_allowance_minutes: 2400, carry_over_max_minutes: null })
  })

  it('asks for what the balance needs', () => {
    const problems = (values: object) => CategoryForm.safeParse(values).error?.issues.map((issue) => issue.path.join('.'))
    expect(problems({ ...typed, allowance: undefined })).toEqual(['allowance'])
    expect(problems({ ...typed, accrual: 'per_hour_worked' })).toEqual(['accrual_rate'])
    expect(CategoryForm.parse({ ...typed, accrual: 'per_hour_worked', accrual_rate: '0.04' })).toMatchObject({ accrual_rate: '0.04', yearly_allowance_minutes: null })
  })

  it('shows stored minutes back in the category’s unit', () => {
    expect(categoryFormValues({ unit: 'days', day_minutes: 450, yearly_allowance_minutes: 4500, carry_over_max_minutes: null } as never)).toEqual({ day_hours: '7.5', allowance: '10', carry_over: '' })
  })
})
