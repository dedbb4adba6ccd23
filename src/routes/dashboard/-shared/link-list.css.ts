import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({
  listStyle: 'none',
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

/** One row: an icon badge, a name with a line under it, and what it says on the right. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '64px',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
})

export const linkRow = style([
  row,
  {
    selectors: {
      '&:hover': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    },
  },
])

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
})

export const text = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })

export const name = style({ fontWeight: 700, overflowWrap: 'anywhere' })

export const sub = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
})

export const status = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.textMuted,
  textAlign: 'right',
  flexShrink: 0,
  maxWidth: '45%',
})

export const available = style({ color: vars.color.success })
