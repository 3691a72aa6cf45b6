import { describe, expect, it } from 'vitest'
import { neutraliseCsvCell, restoreCsvCell } from './neutralise.ts'

describe('neutraliseCsvCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+1 613 555 0123', "'+1 613 555 0123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "'\r=cmd"],
  ])('marks %j as text', (value, safe) => {
    expect(neutraliseCsvCell(value)).toBe(safe)
  })

  it.each(['Toronto', '', 'a=b', 'Net 30, PO required', ' =1', "'already", '45.50', 'Résidence Les Érables'])(
    'leaves %j alone',
    (value) => {
      expect(neutraliseCsvCell(value)).toBe(value)
    },
  )
})

describe('restoreCsvCell', () => {
  it.each(['=1+2', '-2+3', '+1 613 555 0123', '@SUM(A1:A2)', '\t=cmd', 'Toronto', '', "'already", "'", '45.50'])('gives %j back from its neutralised cell', (value) => {
    expect(restoreCsvCell(neutraliseCsvCell(value))).toBe(value)
  })
})
