import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  background: vars.color.scrim,
})

export const dialog = style({
  position: 'fixed',
  zIndex: 65,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(420px, calc(100vw - 32px))',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
})

export const description = style({ margin: 0, color: vars.color.textMuted })

export const countdown = style({
  margin: 0,
  fontSize: vars.fontSize.display,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'center',
  color: vars.color.primary,
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.md,
})
