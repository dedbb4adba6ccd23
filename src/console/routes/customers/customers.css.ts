import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const searchForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
})

export const searchField = style({
  flex: '1 1 280px',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: '560px',
})

export const textField = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
})

/** A card's parts one under the other, apart: the state, a form, a table. */
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})
