import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** The frame every signed-in section shares: its heading, a lead line, then its cards. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: '760px',
})

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  lineHeight: 1.2,
  margin: 0,
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xxl } },
})

export const lead = style({ color: vars.color.textMuted, margin: 0 })

export const empty = style({
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `${vars.space.xl} 0`,
  margin: 0,
})
