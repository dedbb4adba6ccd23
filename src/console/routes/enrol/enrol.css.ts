import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const who = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
})

export const qr = style({
  display: 'block',
  width: '200px',
  height: '200px',
  margin: '0 auto',
  background: vars.color.paper,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})

export const secret = style({
  margin: 0,
  padding: vars.space.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.lg,
  letterSpacing: '0.08em',
  textAlign: 'center',
  overflowWrap: 'anywhere',
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
})

export const steps = style({ margin: 0, paddingLeft: vars.space.xl, lineHeight: 1.6 })
