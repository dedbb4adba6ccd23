import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const mark = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
  letterSpacing: '-0.01em',
  color: 'inherit',
  textDecoration: 'none',
})

export const logo = style({ flexShrink: 0 })
