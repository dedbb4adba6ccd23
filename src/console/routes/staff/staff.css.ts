import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const roles = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.lg}`,
})

export const legend = style({ fontWeight: 600, marginBottom: vars.space.sm, padding: 0 })

export const addForm = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  alignItems: 'start',
  marginTop: vars.space.lg,
})

export const wide = style({ gridColumn: '1 / -1' })

export const rowActions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

/** An e-mail address may break anywhere rather than widen its column. */
export const email = style({ overflowWrap: 'anywhere' })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const section = style({ marginBottom: vars.space.xl })
