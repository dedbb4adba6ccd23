import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxxl} ${vars.space.xl}`,
  width: '100%',
  maxWidth: '560px',
  margin: '0 auto',
})

export const badge = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, lineHeight: 1.2 })

export const text = style({ color: vars.color.textMuted, maxWidth: '40ch' })

export const actions = style({ marginTop: vars.space.sm })
