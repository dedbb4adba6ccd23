import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const viewer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
})

export const tools = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })

/** Several documents side by side where the screen is wide enough (photo, front, back). */
export const gallery = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
  gap: vars.space.xl,
})

export const stage = style({
  height: '340px',
  overflow: 'auto',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const picture = style({
  maxWidth: '100%',
  maxHeight: '100%',
  transition: 'transform 120ms ease-out',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

export const pdfFrame = style({ width: '100%', height: '100%', border: 0 })

export const caption = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

/** The viewer over a list: wider than a confirmation. */
export const wideDialog = style({ width: 'min(860px, calc(100vw - 32px))' })
