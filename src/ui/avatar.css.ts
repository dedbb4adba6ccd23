import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const avatar = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '50%',
  overflow: 'hidden',
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: 700,
  objectFit: 'cover',
})
