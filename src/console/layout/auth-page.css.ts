import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const card = style({ width: '100%', maxWidth: '440px', margin: '0 auto' })

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  lineHeight: 1.2,
})

export const subtitle = style({ margin: 0, color: vars.color.textMuted })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

/** A secondary choice under a step's main button ("Use the code instead"). */
export const choices = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'stretch',
})
