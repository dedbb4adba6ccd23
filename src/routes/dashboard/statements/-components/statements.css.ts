import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const filterForm = style({
  display: 'grid',
  // minmax(0, …): a date input's own width must not push the grid past the card on a phone.
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  // Top-aligned: the dates have a hint line below them that the type select has not.
  alignItems: 'start',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
})

/** The button level with the inputs beside it: below a label's line (1.5) and its gap. */
export const filterButton = style({
  '@media': {
    [media.tablet]: { marginTop: `calc(${vars.fontSize.sm} * 1.5 + ${vars.space.xs})` },
  },
})

/** The type select takes a row of its own on phones, below the two dates. */
export const filterWide = style({
  gridColumn: '1 / -1',
  '@media': { [media.tablet]: { gridColumn: 'auto' } },
})

/** The search takes the whole first row. */
export const filterSearch = style({ gridColumn: '1 / -1' })

export const downloads = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
})

/** On a phone the label takes its own line, the buttons the lines below it. */
export const downloadsLabel = style({
  fontWeight: 600,
  flexBasis: '100%',
  '@media': { [media.tablet]: { flexBasis: 'auto', marginRight: 'auto' } },
})

export const summary = style({ color: vars.color.textMuted, margin: 0 })

/** The virtual list: as tall as every loaded row, which are placed inside it as they show. */
export const virtualList = style({
  position: 'relative',
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  listStyle: 'none',
})

export const virtualRow = style({ position: 'absolute', top: 0, left: 0, width: '100%' })

export const listEnd = style({
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `${vars.space.lg} 0 0`,
  margin: 0,
  borderTop: `1px solid ${vars.color.border}`,
})
