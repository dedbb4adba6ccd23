import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatDateOf } from '#api/day-month-year'
import { currencySymbol, formatMoney } from '#api/money'
import { parseWireTotal } from '#api/money-totals'
import { useColourScheme } from '#ui/appearance'
import { type ChartColours, chartColours } from './chart-colours'
import type { DayFigures } from './figure-words'
import * as styles from './figures.css'

/**
 * The period's amounts per day as a line chart (uPlot, docs/decisions/076): deposits confirmed,
 * transfers settled and failed. For the eye only: the same figures are in the table, which is
 * what a screen reader reads. Each line differs by its dash and its legend's words as well as
 * its colour, and each colour keeps 3:1 against the page in both themes (WCAG 1.4.1, 1.4.11):
 * the theme's, read when the chart is drawn, and drawn again when the theme changes.
 */

interface Line {
  label: string
  stroke: keyof ChartColours
  dash: number[] | undefined
  marker: 'solid' | 'dashed' | 'dotted'
  amount: (day: DayFigures) => string
}

const lines: Line[] = [
  {
    label: 'Deposits confirmed',
    stroke: 'deposits',
    dash: undefined,
    marker: 'solid',
    amount: (day) => day.deposits.sum,
  },
  {
    label: 'Transfers settled',
    stroke: 'settled',
    dash: [10, 5],
    marker: 'dashed',
    amount: (day) => day.transfers_settled.sum,
  },
  {
    label: 'Transfers failed',
    stroke: 'failed',
    dash: [2, 4],
    marker: 'dotted',
    amount: (day) => day.transfers_failed.sum,
  },
]

const height = 300
const font = '13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

/** A UTC day's start, in seconds, as uPlot counts time. */
const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000
const dayOf = (seconds: number) => formatDateOf(new Date(seconds * 1000), 'UTC')

/** Whether this browser draws on a canvas at all (some hardened ones do not). */
const canDraw = () => document.createElement('canvas').getContext('2d') !== null

function options(width: number, currency: string, colours: ChartColours): uPlot.Options {
  const symbol = currencySymbol(currency)
  const major = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
  return {
    width,
    height,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true },
      y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    cursor: { drag: { x: false, y: false } },
    // Labels only: a live legend's values read as empty until the pointer is over the chart.
    legend: {
      live: false,
      markers: { dash: (_chart, index) => lines[index - 1]?.marker ?? 'solid', width: 3 },
    },
    axes: [
      {
        font,
        stroke: colours.text,
        grid: { stroke: colours.grid, width: 1 },
        ticks: { stroke: colours.grid },
        values: (_chart, splits) => splits.map((seconds) => dayOf(seconds).slice(0, 5)),
      },
      {
        font,
        stroke: colours.text,
        size: 72,
        grid: { stroke: colours.grid, width: 1 },
        ticks: { stroke: colours.grid },
        values: (_chart, splits) => splits.map((value) => `${symbol}${major.format(value)}`),
      },
    ],
    series: [
      { label: 'Day (UTC)', value: (_chart, seconds) => (seconds === null ? '' : dayOf(seconds)) },
      ...lines.map((line) => ({
        label: line.label,
        stroke: colours[line.stroke],
        width: 2,
        dash: line.dash,
        points: { show: true, size: 6, fill: colours[line.stroke] },
        value: (_chart: uPlot, value: number | null) =>
          value === null ? '' : formatMoney(Math.round(value * 100), symbol),
      })),
    ],
  }
}

/** Each line's amounts in major units: a chart's scale, not a sum (the table keeps those exact). */
const chartData = (series: DayFigures[]): uPlot.AlignedData => [
  series.map((day) => secondsOf(day.day)),
  ...lines.map((line) => series.map((day) => Number(parseWireTotal(line.amount(day)) ?? 0n) / 100)),
]

export function DailyChart({ series, currency }: { series: DayFigures[]; currency: string }) {
  const holder = useRef<HTMLDivElement>(null)
  const [drawn, setDrawn] = useState<boolean | null>(null)
  const scheme = useColourScheme()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scheme draws again, with the colours chartColours reads from the page
  useEffect(() => {
    const element = holder.current
    if (!element) return
    if (!canDraw()) {
      setDrawn(false)
      return
    }
    const colours = chartColours(element)
    const chart = new uPlot(
      options(element.clientWidth, currency, colours),
      chartData(series),
      element,
    )
    const resized = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }))
    resized.observe(element)
    setDrawn(true)
    return () => {
      resized.disconnect()
      chart.destroy()
    }
  }, [series, currency, scheme])
  return (
    <>
      <div ref={holder} aria-hidden="true" className={styles.chart} />
      <p className={styles.muted}>
        {drawn === false
          ? 'This browser does not draw charts: the table below has the same figures.'
          : 'The same figures, with the counts, are in the table below and in the CSV.'}
      </p>
    </>
  )
}
