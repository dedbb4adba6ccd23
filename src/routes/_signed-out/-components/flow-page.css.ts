import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

const card = {
  width: '100%',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
} as const

export const narrow = style({ ...card, maxWidth: '560px' })

export const wide = style({
  ...card,
  maxWidth: '760px',
  '@media': { [media.tablet]: { padding: vars.space.xxl } },
})

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, lineHeight: 1.2 })

export const lead = style({ color: vars.color.textMuted })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
})

/** A round badge with an icon above a title, for status screens. */
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: '50%',
})
