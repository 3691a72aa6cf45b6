import type { TimesheetReport } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { hoursOf } from '../utils/hours.ts'

/**
 * The report as bars, one group each: regular and overtime hours stacked (what was worked),
 * beside the hours planned. Drawn in SVG at a fixed size that scrolls sideways on a phone;
 * the table below says the same in words for screen readers, so the chart itself stays out of
 * the keyboard's and screen reader's way (no accessibility layer inside a hidden figure).
 * @example
 * <ReportChart report={report} />
 */
export function ReportChart({ report }: { report: TimesheetReport }) {
  const { t } = useTranslation('app')
  const data = report.rows.map((row) => ({
    label: row.label,
    planned: hoursOf(row.planned_minutes),
    regular: hoursOf(row.regular_minutes),
    overtime: hoursOf(row.overtime_minutes + row.double_time_minutes),
  }))
  const width = Math.max(360, data.length * 72 + 80)
  return (
    <div className="overflow-x-auto" aria-hidden="true">
      <BarChart accessibilityLayer={false} width={width} height={280} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={0} />
        <YAxis tick={{ fontSize: 12 }} unit=" h" />
        <Tooltip />
        <Legend />
        <Bar isAnimationActive={false} dataKey="planned" name={t('timesheets.report.planned')} fill="#94a3b8" />
        <Bar isAnimationActive={false} dataKey="regular" name={t('timesheets.report.regular')} stackId="worked" fill="#0f766e" />
        <Bar isAnimationActive={false} dataKey="overtime" name={t('timesheets.report.overtime')} stackId="worked" fill="#d97706" />
      </BarChart>
    </div>
  )
}
