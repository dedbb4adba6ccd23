import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({ margin: `${vars.space.md} 0 0`, padding: 0, listStyle: 'none' })

/** A row's layout, shared with rows that are not links (request-list.tsx). */
export const rowLayout = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.xs}`,
  borderTop: `1px solid ${vars.color.border}`,
})

export const row = style([
  rowLayout,
  {
    color: vars.color.text,
    textDecoration: 'none',
    selectors: { '&:hover': { background: vars.color.surfaceMuted } },
  },
])

export const icon = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: '50%',
})

export const iconTone = styleVariants({
  credit: [icon, { background: vars.color.successSoft, color: vars.color.success }],
  debit: [icon, { background: vars.color.dangerSoft, color: vars.color.danger }],
})

export const middle = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })

export const name = style({
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const date = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const end = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
})

export const amount = styleVariants({
  credit: { fontWeight: 700, color: vars.color.success, fontVariantNumeric: 'tabular-nums' },
  debit: { fontWeight: 700, color: vars.color.text, fontVariantNumeric: 'tabular-nums' },
  /** A failed transfer: its hold was released, nothing left the account. */
  notTaken: {
    fontWeight: 700,
    color: vars.color.textMuted,
    textDecoration: 'line-through',
    fontVariantNumeric: 'tabular-nums',
  },
})

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
})

export const emptyTitle = style({ fontWeight: 700, fontSize: vars.fontSize.lg })

export const emptyText = style({ color: vars.color.textMuted, maxWidth: '42ch' })
