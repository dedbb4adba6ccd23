import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  marginTop: vars.space.md,
})

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

export const addressValue = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontWeight: 600,
  overflowWrap: 'anywhere',
})
