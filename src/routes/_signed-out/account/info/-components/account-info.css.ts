import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
})

export const term = style({ fontWeight: 700 })

export const detail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
