import { styleVariants } from '@vanilla-extract/css'
import { vars } from './theme.css'

/** Soft background, strong text and a matching edge for each tone. */
export const toneSurface = styleVariants({
  success: {
    background: vars.color.successSoft,
    color: vars.color.success,
    borderColor: vars.color.success,
  },
  error: {
    background: vars.color.dangerSoft,
    color: vars.color.danger,
    borderColor: vars.color.danger,
  },
  warning: {
    background: vars.color.warningSoft,
    color: vars.color.warning,
    borderColor: vars.color.warning,
  },
  neutral: {
    background: vars.color.surfaceMuted,
    color: vars.color.textMuted,
    borderColor: vars.color.border,
  },
})
