import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.text })

export const input = style({
  minHeight: '46px',
  width: '100%',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  selectors: {
    '&:focus-visible': { outlineOffset: 0, borderColor: vars.color.focus },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:read-only': { background: vars.color.surfaceMuted },
  },
})

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: 500,
})

export const checkRow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  minHeight: '32px',
})

export const checkbox = style({
  width: '18px',
  height: '18px',
  accentColor: vars.color.primary,
  margin: 0,
})
