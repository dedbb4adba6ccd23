import { paintedColours } from '#ui/painted-colours'
import { chartColour } from './chart-colours.css'

export type ChartColours = Record<keyof typeof chartColour, string>

/** The chart's colours as the page now paints them under `within` (light or dark). */
export const chartColours = (within: HTMLElement): ChartColours =>
  paintedColours(within, chartColour)
