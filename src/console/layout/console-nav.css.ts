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
  color: vars.color.onBrandMuted,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.onBrandHover, color: vars.color.onBrand },
    '&:focus-visible': { outline: `2px solid ${vars.color.onBrand}`, outlineOffset: '2px' },
    '&[data-status="active"]': {
      background: vars.color.onBrandActive,
      color: vars.color.onBrand,
      fontWeight: 700,
    },
  },
})
