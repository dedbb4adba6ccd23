import { styleVariants } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

/** The theme's colours a chart draws with, each as a class a hidden element takes to read it. */
export const chartColour = styleVariants({
  text: { color: vars.color.text },
  grid: { color: vars.color.border },
  deposits: { color: vars.color.primary },
  settled: { color: vars.color.success },
  failed: { color: vars.color.danger },
})
