import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const about = style({ color: vars.color.textMuted, margin: 0 })

export const form = style({ display: 'grid', gap: vars.space.lg, marginTop: vars.space.lg })

/** A list's rows, each a fieldset of its own (a coin, a plan). */
export const rows = style({ display: 'grid', gap: vars.space.md })

export const row = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  margin: 0,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.md,
  // Two fields side by side at 1024 px and up; a wide one takes the row.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  alignItems: 'start',
  minWidth: 0,
})

export const legend = style({ fontWeight: 700, padding: `0 ${vars.space.xs}` })

/** A field that takes the row's whole width (an address, an explorer). */
export const wide = style({ gridColumn: '1 / -1' })

/** A list's heading and its Add button on one line. */
export const listHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
})

export const listTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700, margin: 0 })

export const rowActions = style({ display: 'flex', alignItems: 'end', minHeight: '100%' })

export const actions = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' })

export const problems = style({ margin: 0, paddingLeft: vars.space.xl })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

/** Who made a version, under its number and date. */
export const origin = style({ display: 'block', color: vars.color.textMuted })

export const diffTable = style({
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: vars.fontSize.sm,
})

globalStyle(`${diffTable} caption`, {
  textAlign: 'left',
  fontWeight: 700,
  padding: `0 0 ${vars.space.sm}`,
})

globalStyle(`${diffTable} th, ${diffTable} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
})

globalStyle(`${diffTable} thead th`, { whiteSpace: 'nowrap', borderTop: 0 })

/** The kind of a change, as a small badge: added green, removed red, changed blue. */
export const change = styleVariants({
  added: { color: vars.color.success, background: vars.color.successSoft },
  removed: { color: vars.color.danger, background: vars.color.dangerSoft },
  changed: { color: vars.color.primary, background: vars.color.primarySoft },
})

globalStyle(`${diffTable} [data-change]`, {
  display: 'inline-block',
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.sm}`,
  fontWeight: 600,
  whiteSpace: 'nowrap',
})

export const compare = style({ marginTop: vars.space.lg })
