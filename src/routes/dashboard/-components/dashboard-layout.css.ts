import { keyframes, style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const shell = style({
  flex: 1,
  display: 'flex',
  minHeight: '100vh',
})

const sidebarSurface = {
  background: `linear-gradient(180deg, ${vars.color.brandDeep} 0%, ${vars.color.primary} 100%)`,
  color: '#ffffff',
} as const

export const sidebar = style({
  ...sidebarSurface,
  display: 'none',
  flexDirection: 'column',
  gap: vars.space.xl,
  width: vars.layout.sidebarWidth,
  flexShrink: 0,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  position: 'sticky',
  top: 0,
  height: '100vh',
  overflowY: 'auto',
  '@media': { [media.desktop]: { display: 'flex' } },
})

export const sidebarBrand = style({ padding: `0 ${vars.space.sm}` })

export const column = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.contentMax,
  margin: '0 auto',
  padding: vars.space.lg,
  '@media': { [media.tablet]: { padding: vars.space.xl } },
})

export const skipLink = style({
  position: 'absolute',
  left: vars.space.lg,
  top: '-100px',
  zIndex: 200,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  selectors: { '&:focus': { top: vars.space.lg } },
})

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  background: 'rgba(10, 22, 40, 0.5)',
  animation: `${fadeIn} 150ms ease-out`,
})

export const drawer = style({
  ...sidebarSurface,
  position: 'fixed',
  zIndex: 60,
  top: 0,
  bottom: 0,
  left: 0,
  width: 'min(300px, 85vw)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
  overflowY: 'auto',
  animation: `${slideIn} 180ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})

export const drawerTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `0 ${vars.space.sm}`,
})

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(127, 127, 127, 0.12)' } },
})
