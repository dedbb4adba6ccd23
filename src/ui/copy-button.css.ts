import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  minWidth: '44px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  flexShrink: 0,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
})
