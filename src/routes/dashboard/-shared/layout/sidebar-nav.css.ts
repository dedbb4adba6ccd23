import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '42px',
  padding: `0 ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'rgba(255, 255, 255, 0.86)',
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: 'rgba(255, 255, 255, 0.08)', color: '#ffffff' },
    '&[data-status="active"]': {
      background: 'rgba(255, 255, 255, 0.16)',
      color: '#ffffff',
      fontWeight: 700,
    },
  },
})

export const label = style({ flex: 1 })

export const muted = style({ fontSize: '0.75rem', color: 'rgba(255, 255, 255, 0.78)' })

export const count = style({
  minWidth: '22px',
  padding: '1px 7px',
  borderRadius: vars.radius.pill,
  background: '#ffffff',
  color: vars.color.primary,
  fontSize: '0.75rem',
  fontWeight: 700,
  textAlign: 'center',
})

export const separator = style({
  height: '1px',
  margin: `${vars.space.sm} 0`,
  background: 'rgba(255, 255, 255, 0.16)',
})
