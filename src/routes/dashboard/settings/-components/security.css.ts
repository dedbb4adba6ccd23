import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** Settings' devices and security log (decision 080): one row per device or event. */
export const list = style({
  listStyle: 'none',
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
})

export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': {
    [media.tablet]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
  },
})

export const facts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
})

export const name = style({
  fontWeight: 600,
  color: vars.color.text,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
})

export const detail = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
})

export const thisDevice = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.primary,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.sm}`,
})

/** "You have no passkey yet.", "Nothing yet.": where the list would be. */
export const empty = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  margin: `${vars.space.md} 0 0`,
})

export const rowAction = style({ flexShrink: 0, alignSelf: 'flex-start' })
