import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'
import { visuallyHidden } from './visually-hidden.css'

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const title = style({ fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.text })

/** The real file input: hidden from sight, still focusable and announced. */
export const input = style([visuallyHidden])

export const box = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '76px',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1.5px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  cursor: 'pointer',
  transition: 'border-color 120ms ease, background-color 120ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    [`${input}:focus-visible + &`]: {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    [`${input}:disabled + &`]: { cursor: 'not-allowed', opacity: 0.6 },
    '&[data-filled="true"]': {
      borderStyle: 'solid',
      borderColor: vars.color.success,
      background: vars.color.successSoft,
    },
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
  },
})

export const icon = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  background: vars.color.surface,
  color: vars.color.primary,
  border: `1px solid ${vars.color.border}`,
  selectors: {
    [`${box}[data-filled="true"] &`]: {
      color: vars.color.success,
      borderColor: vars.color.success,
    },
  },
})

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 })

export const status = style({
  fontWeight: 600,
  color: vars.color.primary,
  selectors: { [`${box}[data-filled="true"] &`]: { color: vars.color.success } },
})

export const fileName = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: 500,
})
