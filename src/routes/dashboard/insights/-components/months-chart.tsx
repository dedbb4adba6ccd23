import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import { intlLocale, type Language } from '#api/languages'
import 'uplot/dist/uPlot.min.css'
import type { InsightsFigures } from '#machines/insights.machine'
import { useColourScheme } from '#ui/appearance'
import { type ChartColours, chartColours } from './chart-colours'
import * as styles from './insights.css'
import { minorOf, monthAbbreviation } from './insights-words'

/**
 * Money in and out per month as bars (uPlot, docs/decisions/089): for the eye only, the canvas
 * is hidden from screen readers, and the table below carries the same figures. In is the left
 * bar of each month, out the right one, and the legend names them, so the colour is not the
 * only difference. The theme's colours are read when the chart is drawn, and it is drawn again
 * when the theme changes (as the console's daily figures, decision 076).
 */

type Month = InsightsFigures['months'][number]

const height = 260
/** Narrower than this (CSS pixels), the month axis names every third month. */
const narrowChart = 480
const font = '13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

/** Whether this browser draws on a canvas at all (some hardened ones do not). */
const canDraw = () => document.createElement('canvas').getContext('2d') !== null

function options(
  width: number,
  months: readonly Month[],
  symbol: string,
  colours: ChartColours,
): uPlot.Options {
  const major = new Intl.NumberFormat(intlLocale[i18n.locale as Language] ?? 'en-GB', {
    notation: 'compact',
    maximumFractionDigits: 1,
  })
  const bar = (align: -1 | 1) => uPlot.paths.bars?.({ size: [0.8, 28], align, gap: 1 })
  return {
    width,
    height,
    scales: {
      x: { time: false, range: [-0.6, months.length - 0.4] },
      y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    cursor: { show: false },
    legend: { live: false },
    axes: [
      {
        font,
        stroke: colours.text,
        grid: { show: false },
        ticks: { stroke: colours.grid },
        splits: () => months.map((_, index) => index),
        // A phone has room for every third month's name, counted back from this one.
        values: (chart, splits) =>
          splits.map((index) => {
            const month = months[index]?.month
            const step = chart.width < narrowChart ? 3 : 1
            return month && (months.length - 1 - index) % step === 0 ? monthAbbreviation(month) : ''
          }),
      },
      {
        font,
        stroke: colours.text,
        size: 64,
        grid: { stroke: colours.grid, width: 1 },
        ticks: { stroke: colours.grid },
        values: (_chart, splits) => splits.map((value) => `${symbol}${major.format(value)}`),
      },
    ],
    series: [
      { label: t`Month` },
      {
        label: t`Money in (left bar)`,
        stroke: colours.moneyIn,
        fill: colours.moneyIn,
        paths: bar(-1),
        points: { show: false },
      },
      {
        label: t`Money out (right bar)`,
        stroke: colours.moneyOut,
        fill: colours.moneyOut,
        paths: bar(1),
        points: { show: false },
      },
    ],
  }
}

/** The amounts in major units: a chart's scale, not a sum (the table keeps those exact). */
const chartData = (months: readonly Month[]): uPlot.AlignedData => [
  months.map((_, index) => index),
  months.map((month) => Number(minorOf(month.moneyIn)) / 100),
  months.map((month) => Number(minorOf(month.moneyOut)) / 100),
]

export function MonthsChart({ months, currency }: { months: readonly Month[]; currency: string }) {
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
    const chart = new uPlot(
      options(element.clientWidth, months, currency, chartColours(element)),
      chartData(months),
      element,
    )
    const resized = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }))
    resized.observe(element)
    setDrawn(true)
    return () => {
      resized.disconnect()
      chart.destroy()
    }
  }, [months, currency, scheme])
  return (
    <>
      <div ref={holder} aria-hidden="true" className={styles.chart} />
      {drawn === false ? (
        <p className={styles.muted}>
          <Trans>This browser does not draw charts: the table below has the same figures.</Trans>
        </p>
      ) : null}
    </>
  )
}
