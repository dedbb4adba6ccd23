import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
  marginBottom: vars.space.md,
})

export const title = style({ margin: 0 })

/** The filter: its fields side by side, the days on a line of their own on a narrow window. */
export const filterForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const wideField = style({ flex: '2 1 200px' })

export const dayField = style({ flex: '1 1 140px' })

export const filterButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  flexBasis: '100%',
})

/** An entry's arguments and what it said, kept to a few lines in the list (the CSV has it all). */
export const detail = style({
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  minWidth: '16ch',
  maxWidth: '36ch',
  overflowWrap: 'anywhere',
  margin: 0,
})

export const args = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

/** Done, refused or read, under the action. */
export const outcome = style({
  display: 'block',
  color: vars.color.textMuted,
})

/** The customer's e-mail, under their name. */
export const secondLine = style({ display: 'block' })
