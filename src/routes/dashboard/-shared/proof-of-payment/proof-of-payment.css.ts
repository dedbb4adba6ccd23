import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  marginTop: vars.space.md,
})

/** The plans of an upgrade, with their prices and what they change. */
export const plans = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
})

export const plan = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
})

export const planHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})

export const planName = style({ fontWeight: 700 })

export const planPrice = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' })

export const planChanges = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

/** The chosen coin's deposit address: long, so it wraps anywhere, with Copy beside it. */
export const address = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
})

export const addressText = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })

export const addressLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

/** The chain the address is on: a test network says so here. */
export const network = style({ fontSize: vars.fontSize.sm, fontWeight: 600 })

/** A transaction hash: long, in the type the wallet shows it in. */
export const hash = style({})

globalStyle(`${hash} input`, { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' })

/** What confirming will do, before Submit. */
export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const addressValue = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontWeight: 600,
  overflowWrap: 'anywhere',
})
