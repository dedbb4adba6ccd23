import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2px',
  '@media': { [media.desktop]: { flexDirection: 'column', flexWrap: 'nowrap' } },
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: '42px',
  padding: `0 ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'rgba(255, 255, 255, 0.9)',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: 'rgba(255, 255, 255, 0.08)', color: '#ffffff' },
    '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: '2px' },
    '&[data-status="active"]': {
      background: 'rgba(255, 255, 255, 0.16)',
      color: '#ffffff',
      fontWeight: 700,
    },
  },
})
