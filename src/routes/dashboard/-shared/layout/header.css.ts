import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '64px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.tablet]: { padding: `${vars.space.sm} ${vars.space.xl}` } },
})

export const phoneOnly = style({ '@media': { [media.desktop]: { display: 'none' } } })

export const brand = style({
  color: vars.color.primary,
  '@media': { [media.desktop]: { display: 'none' } },
})

export const spacer = style({ flex: 1 })

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid transparent`,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.border } },
})

export const triggerName = style({
  display: 'none',
  fontWeight: 600,
  maxWidth: '220px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [media.tablet]: { display: 'inline' } },
})

export const chevron = style({ transform: 'rotate(90deg)', color: vars.color.textMuted })

export const popupOverlay = style({ position: 'fixed', inset: 0, zIndex: 40 })

export const popup = style({
  position: 'fixed',
  zIndex: 45,
  top: '68px',
  right: vars.space.lg,
  width: 'min(300px, calc(100vw - 32px))',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
})

export const who = style({ display: 'flex', alignItems: 'center', gap: vars.space.md })

export const whoText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 })

export const whoName = style({ fontWeight: 700, overflowWrap: 'anywhere' })

export const whoPlan = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const links = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: `${vars.space.sm} 0 0`,
  listStyle: 'none',
  borderTop: `1px solid ${vars.color.border}`,
})

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '42px',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primarySoft } },
})
