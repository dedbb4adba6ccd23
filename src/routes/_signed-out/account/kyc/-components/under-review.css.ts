import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.lg} 0`,
})

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  background: vars.color.warningSoft,
  color: vars.color.warning,
})

export const text = style({ color: vars.color.textMuted, maxWidth: '42ch' })
