import { describe, expect, it } from 'vitest'
import type { Timesheet, TimesheetReport } from '../contract/timesheet.ts'
import { hoursText, TIMESHEET_EXPORT_COLUMNS, timesheetExportRecords, timesheetReportRecords } from './timesheet-export.ts'

const timesheet: Timesheet = {
  id: '5c6c5a41-6f0e-4a8a-9a43-0a3c2f5d9e11',
  shift_id: null,
  staff: { id: '1b0e3f4c-2d5a-4b6c-8d7e-9f0a1b2c3d4e', name: '@Sam Staff' },
  location: { id: '2c1f4e5d-3e6b-4c7d-9e8f-0a1b2c3d4e5f', name: '=HYPERLINK("http://evil")' },
  service: { id: '3d2a5f6e-4f7c-4d8e-8f9a-1b2c3d4e5f6a', name: 'Night watch', colour: '#0d9488' },
  date: '2026-03-13',
  planned: null,
  clocked: null,
  started_at: '2026-03-14T03:00:00.000Z',
  ended_at: '2026-03-14T10:00:00.000Z',
  start_time: '22:00',
  end_time: '06:00',
  breaks: [],
  on_break: false,
  break_minutes: 30,
  paid_minutes: 390,
  regular_minutes: 390,
  overtime_minutes: 0,
  double_time_minutes: 0,
  flags: [{ kind: 'unscheduled', at: null, minutes: null, distance_m: null, reason: null }],
  notes: '-1+cmd|calc',
  correction_reason: null,
  proposal: null,
  status: 'approved',
  locked: false,
  allowed_events: [],
  created_at: '2026-03-14T11:00:00.000Z',
  updated_at: '2026-03-14T11:00:00.000Z',
  version: 2,
}

describe('timesheetExportRecords', () => {
  it('writes one record per timesheet under the header, hours beside minutes', () => {
    const [header, row] = timesheetExportRecords([timesheet])
    expect(header).toEqual([...TIMESHEET_EXPORT_COLUMNS])
    const cell = (column: (typeof TIMESHEET_EXPORT_COLUMNS)[number]) => row![TIMESHEET_EXPORT_COLUMNS.indexOf(column)]
    expect(cell('date')).toBe('2026-03-13')
    expect(cell('start')).toBe('22:00')
    expect(cell('end')).toBe('06:00')
    expect(cell('paid_minutes')).toBe('390')
    expect(cell('paid_hours')).toBe('6.50')
    expect(cell('planned_minutes')).toBe('')
    expect(cell('flags')).toBe('unscheduled')
  })

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    const [, row] = timesheetExportRecords([timesheet])
    expect(row).toContain(`'=HYPERLINK("http://evil")`)
    expect(row).toContain("'@Sam Staff")
    expect(row).toContain("'-1+cmd|calc")
  })
})

describe('timesheetReportRecords', () => {
  it('writes each group and the totals, names neutralised', () => {
    const report: TimesheetReport = {
      from: '2026-03-09',
      to: '2026-03-15',
      group_by: 'person',
      rows: [{ key: 'p1', label: '+Ana', timesheets: 5, planned_minutes: 2400, paid_minutes: 2700, regular_minutes: 2640, overtime_minutes: 60, double_time_minutes: 0 }],
      totals: { timesheets: 5, planned_minutes: 2400, paid_minutes: 2700, regular_minutes: 2640, overtime_minutes: 60, double_time_minutes: 0 },
    }
    expect(timesheetReportRecords(report)).toEqual([
      ['person_id', 'person', 'timesheets', 'planned_minutes', 'paid_minutes', 'regular_minutes', 'overtime_minutes', 'double_time_minutes'],
      ['p1', "'+Ana", '5', '2400', '2700', '2640', '60', '0'],
      ['', 'total', '5', '2400', '2700', '2640', '60', '0'],
    ])
  })
})

describe('hoursText', () => {
  it('gives hours with two decimals, exactly', () => {
    expect(hoursText(0)).toBe('0.00')
    expect(hoursText(20)).toBe('0.33')
    expect(hoursText(59)).toBe('0.98')
    expect(hoursText(485)).toBe('8.08')
    expect(hoursText(-90)).toBe('-1.50')
  })
})
