import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const page = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
})

export const card = style({
  maxWidth: '520px',
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700 })

export const detail = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })
