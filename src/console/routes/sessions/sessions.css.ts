import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
  marginBottom: vars.space.lg,
})

export const title = style({ margin: 0 })

export const current = style({
  display: 'block',
  width: 'fit-content',
  marginTop: vars.space.xs,
  padding: '1px 8px',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})
