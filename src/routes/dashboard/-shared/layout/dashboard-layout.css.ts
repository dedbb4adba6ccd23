import { keyframes, style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const shell = style({
  flex: 1,
  display: 'flex',
  minHeight: '100vh',
})

const sidebarSurface = {
  background: `linear-gradient(180deg, ${vars.color.brandDeep} 0%, ${vars.color.brandBright} 100%)`,
  color: vars.color.onBrand,
} as const

/**
 * The desktop side menu's column: as tall as the page (the shell stretches it), so its
 * background reaches the bottom of a long page, in a full-page capture and in print too; the
 * menu inside stays in view while the page scrolls (`sidebarMenu`).
 */
export const sidebar = style({
  ...sidebarSurface,
  display: 'none',
  width: vars.layout.sidebarWidth,
  flexShrink: 0,
  '@media': { [media.desktop]: { display: 'block' } },
})

export const sidebarMenu = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  position: 'sticky',
  top: 0,
  maxHeight: '100vh',
  overflowY: 'auto',
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
  background: vars.color.scrim,
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
  selectors: { '&:hover': { background: vars.color.hoverTint } },
})
