import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const form = style({
  display: 'grid',
  gap: vars.space.lg,
  maxWidth: '640px',
  marginTop: vars.space.lg,
})

export const section = style({ marginTop: vars.space.xl })

export const progress = style({ display: 'grid', gap: vars.space.xs })
