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

/** An entry's details: what it said, its arguments, the JSON; every word shown, wrapping. */
export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: '20ch',
  maxWidth: '48ch',
})

export const detail = style({ margin: 0, overflowWrap: 'break-word' })

export const facts = style({ margin: 0, display: 'flex', flexDirection: 'column' })

/** "Label: value" on a line, the value wrapping under itself. */
export const fact = style({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space.xs })

export const factLabel = style({ color: vars.color.textMuted })

export const factValue = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' })

export const json = style({ color: vars.color.textMuted })

export const jsonText = style({
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.sm,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

/** Done, refused or read, under the action. */
export const outcome = style({
  display: 'block',
  color: vars.color.textMuted,
})

/** The customer's e-mail, under their name. */
export const secondLine = style({ display: 'block' })
