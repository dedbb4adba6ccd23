import { keyframes, style } from '@vanilla-extract/css'
import { media } from './media'
import { vars } from './theme.css'

/**
 * On a phone toasts stand at the bottom, clear of the header's menu and profile buttons (a
 * toast over them would block the menu for its 5 s); from a tablet up, top right.
 */
export const viewport = style({
  position: 'fixed',
  zIndex: 100,
  bottom: 0,
  right: 0,
  left: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  margin: 0,
  listStyle: 'none',
  outline: 'none',
  pointerEvents: 'none',
  '@media': {
    [media.tablet]: { top: 0, bottom: 'auto', left: 'auto', width: '400px' },
  },
})

const slideIn = keyframes({
  from: { transform: 'translateY(-8px)', opacity: 0 },
  to: { transform: 'translateY(0)', opacity: 1 },
})

export const root = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  borderLeftWidth: '4px',
  boxShadow: vars.shadow.raised,
  fontWeight: 500,
  animation: `${slideIn} 160ms ease-out`,
  selectors: {
    '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    '&[data-swipe="end"]': { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
})

export const description = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' })

export const close = style({
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  padding: vars.space.xs,
  color: 'inherit',
  borderRadius: vars.radius.sm,
})
