import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const page = style({ flex: 1, display: 'flex', flexDirection: 'column', minHeight: '100vh' })

export const header = style({
  display: 'flex',
  alignItems: 'center',
  padding: `${vars.space.lg} ${vars.space.xl}`,
  color: vars.color.primary,
})

export const main = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  padding: `${vars.space.lg}`,
})
