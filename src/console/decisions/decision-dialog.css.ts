import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.scrim,
})

export const dialog = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(520px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const title = style({ margin: 0, fontSize: vars.fontSize.xl })

export const reasons = style({
  border: 0,
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
})

export const reasonChoice = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' })

export const reasonText = style({
  width: '100%',
  minHeight: '80px',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
})

export const actions = style({ display: 'flex', gap: vars.space.md, justifyContent: 'flex-end' })

export const buttons = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' })
