import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const identity = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  paddingBottom: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const name = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  margin: 0,
  overflowWrap: 'anywhere',
})

export const plan = style({ color: vars.color.textMuted, margin: 0 })
