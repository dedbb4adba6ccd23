import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
})

export const label = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
})

export const cells = style({
  display: 'flex',
  gap: vars.space.sm,
  width: '100%',
})

export const cell = style({
  flex: '1 1 0',
  minWidth: 0,
  maxWidth: '56px',
  height: '56px',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  textAlign: 'center',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xl,
  fontWeight: 600,
  caretColor: vars.color.primary,
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.focus,
      boxShadow: `0 0 0 3px ${vars.color.primarySoft}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceMuted, color: vars.color.textMuted },
  },
})

export const filled = style({ borderColor: vars.color.primary })

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: 500,
})
