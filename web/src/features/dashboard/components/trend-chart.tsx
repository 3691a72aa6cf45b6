import { formatMoney, type Locale, type Trend } from '@rota/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'
import { figureText, niceCeiling } from '../utils/figures.ts'

/** The colours of a chart's series, in order (each also named in the legend and the table). */
const COLOURS = ['#94a3b8', '#0f766e', '#d97706']
const WIDTH = 640
const HEIGHT = 220
/** The least room left of the plot for the scale's labels. */
const LEFT = 44
const BOTTOM = 24
const TOP = 8

/** Roughly how wide a label is in the drawing's 11-unit text (wide enough for digits and currency signs). */
const labelWidth = (text: string) => text.length * 6.6

/**
 * Where the plot starts: right of the widest label of the scale ("$10,000.00", "10 000,00 $"),
 * so that none is cut off at the drawing's edge.
 * @example
 * plotLeft(['0,00 $', '100,00 $', '200,00 $']) // 63
 */
function plotLeft(scale: readonly string[]): number {
  return Math.max(LEFT, Math.ceil(Math.max(0, ...scale.map(labelWidth)) + 10))
}

/**
 * Which weeks are named under the bars: every one when their names fit their slots, else
 * every second (or third…) back from the latest, so that names never run into each other
 * ("6 sept.13 sept.").
 * @example
 * labelStep(['6 sept.', '13 sept.'], 40) // 2
 */
function labelStep(labels: readonly string[], slot: number): number {
  const widest = Math.max(0, ...labels.map(labelWidth)) + 6
  return Math.max(1, Math.ceil(widest / Math.max(1, slot)))
}

const weekLabel = (firstDay: string, locale: Locale) => new Intl.DateTimeFormat(`${locale}-CA`, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${firstDay}T12:00:00Z`))

/**
 * A trend as grouped bars, one group per week, drawn by hand in SVG (a chart library would
 * cost more than the dashboard's whole budget). The drawing is hidden from screen readers;
 * the same numbers are a table beneath it, open on request.
 * @example
 * <TrendChart trend={dashboard.trends[0]} weeks={dashboard.trend_weeks} />
 */
export function TrendChart({ trend, weeks }: { trend: Trend; weeks: readonly string[] }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const titleId = useId()
  const hours = (value: number) => (trend.unit === 'minutes' ? value / 60 : value / 100)
  const top = niceCeiling(Math.max(0, ...trend.series.flatMap((series) => series.values.map(hours))))
  const plotHeight = HEIGHT - TOP - BOTTOM
  const number = new Intl.NumberFormat(`${locale}-CA`)
  const scale = [0, 0.5, 1].map((share) => ({ share, text: trend.unit === 'minutes' ? `${number.format(top * share)} h` : formatMoney(Math.round(top * share * 100), locale) }))
  const left = plotLeft(scale.map(({ text }) => text))
  const slot = (WIDTH - left) / Math.max(1, weeks.length)
  const labels = weeks.map((week) => weekLabel(week, locale))
  const step = labelStep(labels, slot)
  const barWidth = (slot * 0.7) / Math.max(1, trend.series.length)
  const y = (value: number) => TOP + plotHeight - (hours(value) / top) * plotHeight
  const seriesName = (key: string) => t(`dashboard.trends.${trend.key}.${key}` as 'dashboard.trends.hours.scheduled')

  return (
    <figure aria-labelledby={titleId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <figcaption id={titleId} className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">{t(`dashboard.trends.${trend.key}.title`, { count: weeks.length })}</span>
        <span className="flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
          {trend.series.map((series, index) => (
            <span key={series.key} className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm" style={{ background: COLOURS[index % COLOURS.length] }} />
              {seriesName(series.key)}
            </span>
          ))}
        </span>
      </figcaption>
      <div className="overflow-x-auto">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full min-w-[32rem]" aria-hidden="true" focusable="false">
          {scale.map(({ share, text }) => (
            <g key={share}>
              <line x1={left} x2={WIDTH} y1={TOP + plotHeight * (1 - share)} y2={TOP + plotHeight * (1 - share)} stroke="#e2e8f0" />
              <text x={left - 6} y={TOP + plotHeight * (1 - share) + 4} textAnchor="end" fontSize="11" fill="#475569">
                {text}
              </text>
            </g>
          ))}
          {weeks.map((week, weekIndex) => (
            <g key={week}>
              {trend.series.map((series, seriesIndex) => {
                const value = series.values[weekIndex] ?? 0
                return (
                  <rect
                    key={series.key}
                    x={left + slot * weekIndex + slot * 0.15 + barWidth * seriesIndex}
                    y={y(value)}
                    width={barWidth}
                    height={TOP + plotHeight - y(value)}
                    fill={COLOURS[seriesIndex % COLOURS.length]}
                  />
                )
              })}
              {(weeks.length - 1 - weekIndex) % step === 0 && (
                <text x={left + slot * weekIndex + slot / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="11" fill="#475569">
                  {labels[weekIndex]}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-primary-800">{t('dashboard.trends.asTable')}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{t(`dashboard.trends.${trend.key}.title`, { count: weeks.length })}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-500">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('dashboard.trends.week')}
                </th>
                {trend.series.map((series) => (
                  <th key={series.key} scope="col" className="py-1 pr-3 font-medium">
                    {seriesName(series.key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, weekIndex) => (
                <tr key={week} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal text-slate-700">
                    {weekLabel(week, locale)}
                  </th>
                  {trend.series.map((series) => (
                    <td key={series.key} className="py-1 pr-3 text-slate-800 tabular-nums">
                      {figureText(series.values[weekIndex] ?? 0, trend.unit, locale)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
