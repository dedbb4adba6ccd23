import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** The scheduled transfers: one card per series, its days in rows, the cancel dialog. */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
})

export const series = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 })

export const muted = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' })

export const days = style({ listStyle: 'none', margin: 0, padding: 0 })

export const day = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  fontVariantNumeric: 'tabular-nums',
})

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': { [media.tablet]: { flexDirection: 'row', justifyContent: 'flex-end' } },
})

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  background: `color-mix(in srgb, ${vars.color.text} 55%, transparent)`,
})

export const dialog = style({
  position: 'fixed',
  zIndex: 65,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(440px, calc(100vw - 32px))',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
})

export const dialogTitle = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text })

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.md,
})
