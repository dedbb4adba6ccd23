import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontWeight: 600,
  fontSize: vars.fontSize.md,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  whiteSpace: 'nowrap',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
})

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.primaryText,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.primary,
    borderColor: vars.color.border,
    selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.primary } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.primary,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.primaryText,
  },
  /** A destructive action among others in a row: red words, no more weight than its neighbours. */
  dangerQuiet: {
    background: vars.color.surface,
    color: vars.color.danger,
    borderColor: vars.color.border,
    selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.danger } },
  },
})

/** A smaller button, for a list's rows (still over WCAG 2.2's 24 px target). */
export const compact = style({
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
})

export const fullWidth = style({ width: '100%' })
