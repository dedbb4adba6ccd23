import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

/** PIN creation: one centred card inside the dashboard frame. */
export const card = style({
  width: '100%',
  maxWidth: '440px',
  margin: `${vars.space.lg} auto 0`,
})

export const step = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.primary,
  letterSpacing: '0.02em',
})

/** The 4-digit field: large, spaced and centred dots. */
export const pinField = style({})

globalStyle(`${pinField} input`, {
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xl,
  letterSpacing: '0.5em',
  // the spacing also follows the last dot: indent as much so the dots sit in the middle
  textIndent: '0.5em',
  textAlign: 'center',
  minHeight: '52px',
})

export const startOver = style({ alignSelf: 'center' })
