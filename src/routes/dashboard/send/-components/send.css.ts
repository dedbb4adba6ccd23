import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** The send steps: one card each, fields in two columns from tablets up. */
export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl })

export const stepTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 700, margin: 0 })

export const fields = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
})

export const wide = style({
  '@media': { [media.tablet]: { gridColumn: '1 / -1' } },
})

/** Phones: the main action on top, full width; from tablets up: a row at the right. */
export const actions = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.md,
  '@media': {
    [media.tablet]: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'flex-end' },
  },
})

export const sums = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
})

export const sumRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.sm,
})

export const sumLabel = style({ color: vars.color.textMuted })

export const sumValue = style({ fontWeight: 600, margin: 0, fontVariantNumeric: 'tabular-nums' })

export const secretField = style({ maxWidth: '16rem' })

/** The When choice's legend: a label over the whole row, flush with the fields. */
export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  color: vars.color.textMuted,
  '@media': { [media.tablet]: { gridColumn: '1 / -1' } },
})
