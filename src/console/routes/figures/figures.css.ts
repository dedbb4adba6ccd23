import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** The figures page: the choice of day, the day's tiles, the books, the chart and the table. */

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl })

export const choice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.lg,
})

export const choiceButton = style({ marginTop: '28px' })

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

export const tile = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.surfaceMuted,
})

export const tileLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const tileValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
})

export const tileCount = style({ margin: 0, fontSize: vars.fontSize.sm })

export const amount = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' })

/** An amount over its count, in a cell of the period's table: each on one line. */
export const tallyCell = style({
  display: 'block',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
})

/** Smaller, so the seven columns fit whole at 1024 px. */
export const tallyCount = style([tallyCell, { color: vars.color.textMuted, fontSize: '0.75rem' }])

export const books = style({ width: '100%', borderCollapse: 'collapse' })

export const booksCell = style({
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
})

export const booksHeader = style([booksCell, { textAlign: 'left', fontWeight: 400 }])

export const booksNote = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const differenceRow = style({ fontWeight: 700 })

/** A difference other than zero: red, and said in words beside it. */
export const outOfBalance = style({ color: vars.color.danger })

export const balanced = style({
  margin: `${vars.space.md} 0 0`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: '1px solid',
})

/** Side by side only where both tables fit whole: at 1024 px the queues' would be cut. */
export const columns = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': {
    'screen and (min-width: 1280px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
  },
})

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const tableHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.md,
})

/** uPlot draws into it; its legend (a table of its own) sits under the canvas. */
export const chart = style({ width: '100%', minHeight: '300px' })
