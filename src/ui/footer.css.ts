import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const footer = style({
  padding: `${vars.space.lg} ${vars.space.xl}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
})
