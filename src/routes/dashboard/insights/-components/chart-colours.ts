import { chartColour } from './chart-colours.css'

export type ChartColours = Record<keyof typeof chartColour, string>

/**
 * Each of the chart's colours as the page now paints it under `within` (the light or the dark
 * palette): a canvas cannot read CSS variables, so a hidden element styled with each tells it.
 * As the console's daily figures do (docs/decisions/076, 086).
 */
export function chartColours(within: HTMLElement): ChartColours {
  const probe = document.createElement('span')
  probe.hidden = true
  within.append(probe)
  const read = (className: string) => {
    probe.className = className
    return getComputedStyle(probe).color
  }
  const colours = Object.fromEntries(
    Object.entries(chartColour).map(([name, className]) => [name, read(className)]),
  ) as ChartColours
  probe.remove()
  return colours
}
