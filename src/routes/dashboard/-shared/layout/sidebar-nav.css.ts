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
  color: vars.color.onBrandMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.onBrandHover, color: vars.color.onBrand },
    '&[data-status="active"]': {
      background: vars.color.onBrandActive,
      color: vars.color.onBrand,
      fontWeight: 700,
    },
  },
})

export const label = style({ flex: 1 })

export const muted = style({ fontSize: '0.75rem', color: vars.color.onBrandMuted })

export const count = style({
  minWidth: '22px',
  padding: '1px 7px',
  borderRadius: vars.radius.pill,
  background: vars.color.onBrand,
  color: vars.color.brandBright,
  fontSize: '0.75rem',
  fontWeight: 700,
  textAlign: 'center',
})

export const separator = style({
  height: '1px',
  margin: `${vars.space.sm} 0`,
  background: vars.color.onBrandActive,
})
