import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: '560px',
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
})
