import { styleVariants } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

/** The theme's colours the months chart draws with, each as a class a hidden element reads. */
export const chartColour = styleVariants({
  text: { color: vars.color.text },
  grid: { color: vars.color.border },
  moneyIn: { color: vars.color.success },
  moneyOut: { color: vars.color.primary },
})
