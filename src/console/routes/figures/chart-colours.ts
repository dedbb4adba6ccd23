import { vars } from '#ui/theme.css'

/** The theme's colours a chart draws with: a canvas cannot read CSS variables, so they are read. */
const themed = {
  text: vars.color.text,
  grid: vars.color.border,
  deposits: vars.color.primary,
  settled: vars.color.success,
  failed: vars.color.danger,
}

export type ChartColours = Record<keyof typeof themed, string>

/**
 * Each colour as the page now paints it under `within` (the light or the dark palette), read
 * from a hidden element styled with it.
 */
export function chartColours(within: HTMLElement): ChartColours {
  const probe = document.createElement('span')
  probe.hidden = true
  within.append(probe)
  const read = (colour: string) => {
    probe.style.color = colour
    return getComputedStyle(probe).color
  }
  const colours = Object.fromEntries(
    Object.entries(themed).map(([name, colour]) => [name, read(colour)]),
  ) as ChartColours
  probe.remove()
  return colours
}
