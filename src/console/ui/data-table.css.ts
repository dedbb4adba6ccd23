import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

/** The console's lists: a plain table that scrolls sideways on a narrow tablet. */
export const frame = style({
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
})

export const headerCell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: 600,
  whiteSpace: 'nowrap',
})

export const sortButton = style({
  all: 'unset',
  cursor: 'pointer',
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
})

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
})

/** A row with more below it: one line under both. */
export const rowWithBelow = style({})

globalStyle(`${rowWithBelow} > td`, { borderBottom: 0 })

export const below = style({
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const empty = style({
  padding: vars.space.xl,
  color: vars.color.textMuted,
  textAlign: 'center',
})

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginTop: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const pagerLinks = style({ display: 'flex', gap: vars.space.md })
