import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: '1px solid',
  fontSize: '0.75rem',
  fontWeight: 600,
  textTransform: 'capitalize',
  whiteSpace: 'nowrap',
})
