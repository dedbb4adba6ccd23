import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const changesTable = style({
  borderCollapse: 'collapse',
  marginTop: vars.space.sm,
  fontSize: vars.fontSize.sm,
  minWidth: '16rem',
})

globalStyle(`${changesTable} th, ${changesTable} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: 'normal',
  wordBreak: 'normal',
})

globalStyle(`${changesTable} th`, { whiteSpace: 'nowrap' })

// A value without spaces (a deposit address) breaks rather than push the inbox's buttons out of
// sight; words still break only between them where there is room.
globalStyle(`${changesTable} td`, { overflowWrap: 'anywhere', minWidth: '8rem' })

/** The customer's e-mail under their name. */
export const email = style({ display: 'block', color: vars.color.textMuted })
