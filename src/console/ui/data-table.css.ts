import { createContainer, globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

/**
 * The console's lists: a plain table where it has the width, each row a small card of its
 * labelled cells where it has not (a phone, a narrow card): the frame's width decides, not the
 * window's. A table still wider than a wide frame scrolls inside it, never the page.
 */
const frameWidth = createContainer()

/**
 * Below this width of the frame, a row is a card (docs/decisions/100): a cell's content may
 * adapt with it (`'@container': { [narrow]: … }`).
 */
export const narrow = `${frameWidth} (max-width: 40rem)`

export const frame = style({
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

/** A frame whose rows become cards when it is narrow (a list that keeps its table has none). */
export const cardsWhenNarrow = style({ containerName: frameWidth, containerType: 'inline-size' })

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@container': { [narrow]: { display: 'block' } },
})

/** The header row: sorting buttons side by side over the cards when narrow. */
export const head = style({
  '@container': {
    [narrow]: {
      display: 'block',
      background: vars.color.surfaceMuted,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
})

/** A header row with nothing to sort: the cards' labels say it all when narrow. */
export const headWithoutSorting = style({ '@container': { [narrow]: { display: 'none' } } })

export const headRow = style({
  '@container': {
    [narrow]: {
      display: 'flex',
      flexWrap: 'wrap',
      gap: `0 ${vars.space.md}`,
      padding: `${vars.space.xs} ${vars.space.md}`,
    },
  },
})

export const headerCell = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  '@container': { [narrow]: { display: 'block', padding: `${vars.space.xs} 0`, border: 0 } },
})

/** A column nobody sorts by: not in the narrow header row. */
export const unsortedHeaderCell = style({ '@container': { [narrow]: { display: 'none' } } })

export const sortButton = style({
  all: 'unset',
  cursor: 'pointer',
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
})

export const body = style({ '@container': { [narrow]: { display: 'block' } } })

export const row = style({
  '@container': {
    [narrow]: {
      display: 'block',
      padding: `${vars.space.sm} 0`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
})

globalStyle(`${body} > ${row}:last-child`, {
  '@container': { [narrow]: { borderBottom: 0 } },
})

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  '@container': {
    [narrow]: {
      display: 'grid',
      // A label breaks between its words only; the value takes the rest.
      gridTemplateColumns: 'minmax(min-content, 2fr) minmax(0, 5fr)',
      gap: vars.space.md,
      padding: `${vars.space.xs} ${vars.space.md}`,
      border: 0,
      overflowWrap: 'break-word',
    },
  },
})

export const value = style({ minWidth: 0 })

/** The column's name before the cell's value, on a card. */
globalStyle(`${cell}[data-label]::before`, {
  '@container': {
    [narrow]: {
      // Seen, not read out: screen readers announce the column's header with the cell.
      content: 'attr(data-label) / ""',
      color: vars.color.textMuted,
      fontWeight: 600,
    },
  },
})

/** A cell without a column name (a row's buttons) takes the card's width. */
globalStyle(`${cell}:not([data-label])`, { '@container': { [narrow]: { display: 'block' } } })

/** A row with more below it: one line under both. */
export const rowWithBelow = style({
  '@container': { [narrow]: { borderBottom: 0, paddingBottom: 0 } },
})

globalStyle(`${rowWithBelow} > td`, { borderBottom: 0 })

export const below = style({
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  '@container': { [narrow]: { display: 'block', paddingTop: vars.space.sm } },
})

/** Shown in place of a table when there are no rows: the words wrap at any width. */
export const empty = style({
  margin: 0,
  padding: vars.space.xl,
  color: vars.color.textMuted,
  textAlign: 'center',
  overflowWrap: 'break-word',
})

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginTop: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const pagerLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

/** On a card, a cell with nothing in it (no button for this row) is left out. */
globalStyle(`${cell}:has(> ${value}:empty)`, { '@container': { [narrow]: { display: 'none' } } })
