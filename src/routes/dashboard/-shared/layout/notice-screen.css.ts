import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const card = style({
  width: '100%',
  maxWidth: '560px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  borderTop: `4px solid ${vars.color.warning}`,
})

export const head = style({ fontSize: vars.fontSize.xl, fontWeight: 700 })

export const body = style({ whiteSpace: 'pre-line', color: vars.color.text })
