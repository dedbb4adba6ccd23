import { style } from '@vanilla-extract/css'

// The list, the row's layout, its columns and the date are the transaction list's
// (transaction-list.css.ts); a request row is not a link, so it has no hover.

export const type = style({ fontWeight: 600, overflowWrap: 'anywhere' })

export const amount = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' })
