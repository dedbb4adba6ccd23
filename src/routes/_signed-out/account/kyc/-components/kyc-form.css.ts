import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** Holds the alert; focused (without a ring) after a failed submission. */
export const alertAnchor = style({ outline: 'none', selectors: { '&:empty': { display: 'none' } } })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl })

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
})

export const legend = style({
  padding: 0,
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
})

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const full = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } })

export const divider = style({
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  margin: 0,
})

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const step = style({
  alignSelf: 'flex-start',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})

export const done = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
})

export const doneBadge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  background: vars.color.successSoft,
  color: vars.color.success,
})
