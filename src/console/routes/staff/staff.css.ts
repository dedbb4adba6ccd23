import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'
import { narrow } from '../../ui/data-table.css'

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

/** A row's changes: small buttons on one line, wrapping on a card (a narrow list). */
export const rowActions = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  '@container': { [narrow]: { flexWrap: 'wrap' } },
})

/** The e-mail address on a line of its own under the name. */
export const email = style({ display: 'block' })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const section = style({ marginBottom: vars.space.xl })
