import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const muted = style({ color: vars.color.textMuted, margin: 0 })

export const summary = style({ margin: `0 0 ${vars.space.md}` })

export const empty = style({
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `${vars.space.lg} 0`,
  margin: 0,
})

/** uPlot's canvas fills the card's width; its legend and axes take the theme's text colour. */
export const chart = style({ width: '100%', minHeight: '260px', color: vars.color.text })

export const picker = style({ maxWidth: '16rem', marginBottom: vars.space.sm })

/** A narrow screen scrolls the table sideways rather than the page. */
export const tableFrame = style({ overflowX: 'auto', marginTop: vars.space.md })

export const table = style({ width: '100%', borderCollapse: 'collapse' })

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
})

globalStyle(`${table} thead th`, { color: vars.color.textMuted, fontWeight: 600 })

export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  fontWeight: 600,
  paddingBottom: vars.space.xs,
})

export const amount = style({})

globalStyle(`${table} ${amount}`, { textAlign: 'right', whiteSpace: 'nowrap' })

export const lines = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const barTrack = style({
  display: 'block',
  height: '6px',
  marginTop: vars.space.xs,
  marginLeft: 'auto',
  width: '100%',
  minWidth: '5rem',
  borderRadius: '3px',
  background: vars.color.surfaceMuted,
})

const bar = {
  display: 'block',
  height: '100%',
  borderRadius: '3px',
  marginLeft: 'auto',
} as const

export const barIn = style({ ...bar, background: vars.color.success })
export const barOut = style({ ...bar, background: vars.color.primary })
