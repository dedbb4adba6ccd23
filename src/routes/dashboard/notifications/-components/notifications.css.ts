import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})

export const unreadItem = style({
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.primarySoft,
})

export const text = style({ flex: '1 1 16rem', minWidth: 0 })

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  margin: 0,
  overflowWrap: 'anywhere',
})

export const badge = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.primaryText,
  background: vars.color.primary,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.sm}`,
})

export const sentAt = style({
  display: 'block',
  marginTop: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const body = style({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
})

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const unreadSummary = style({ margin: 0, color: vars.color.textMuted })
