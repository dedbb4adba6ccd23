import { style } from '@vanilla-extract/css'
import { media } from './media'
import { vars } from './theme.css'

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  minWidth: 0,
  '@media': { [media.tablet]: { padding: vars.space.xl } },
})

export const heading = style({ fontSize: vars.fontSize.lg, fontWeight: 700 })
