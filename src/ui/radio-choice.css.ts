import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const choice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
})

/** Beside the choices, as a label is (a legend otherwise sits on the fieldset's border). */
export const legend = style({
  float: 'left',
  padding: 0,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
})

/** One option a line, the legend above them as a field's label is. */
export const stacked = style({ flexDirection: 'column', alignItems: 'stretch' })

export const stackedLegend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
})

export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
})

/** An option's words wrap beside its radio, which stays at their first line. */
globalStyle(`${stacked} > ${option}`, { alignItems: 'flex-start', paddingBlock: vars.space.xs })

export const radio = style({
  flexShrink: 0,
  width: '18px',
  height: '18px',
  margin: 0,
  accentColor: vars.color.primary,
})
