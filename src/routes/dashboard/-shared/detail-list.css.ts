import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({
  margin: `${vars.space.sm} 0 0`,
  display: 'flex',
  flexDirection: 'column',
})

export const row = style({
  padding: `${vars.space.md} 0`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
})

export const description = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const term = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const value = style({
  flex: 1,
  minWidth: 0,
  fontWeight: 600,
  overflowWrap: 'anywhere',
})

export const missing = style({ color: vars.color.textMuted, fontWeight: 400 })
