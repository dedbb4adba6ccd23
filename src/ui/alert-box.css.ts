import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const box = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  borderLeftWidth: '4px',
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
})

export const body = style({ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' })
