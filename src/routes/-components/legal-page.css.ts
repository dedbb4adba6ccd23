import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const article = style({
  width: '100%',
  maxWidth: '760px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { [media.tablet]: { padding: vars.space.xxl } },
})

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, lineHeight: 1.2 })

export const lead = style({ color: vars.color.textMuted })

/** The template's warning: static text, not an alert (it is there from the start). */
export const templateNotice = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  borderLeftWidth: '4px',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const heading = style({ fontSize: vars.fontSize.lg, fontWeight: 700 })

export const paragraph = style({ margin: 0, lineHeight: 1.6, overflowWrap: 'anywhere' })

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
})
