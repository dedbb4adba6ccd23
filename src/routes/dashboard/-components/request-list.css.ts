import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

// The list, its columns and the date are the transaction list's (transaction-list.css.ts); a
// request row is not a link, so it has no hover.

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.xs}`,
  borderTop: `1px solid ${vars.color.border}`,
})

export const type = style({ fontWeight: 600, overflowWrap: 'anywhere' })

export const amount = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' })
