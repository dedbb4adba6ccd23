import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const screen = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  '@media': {
    [media.desktop]: { display: 'grid', gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' },
  },
})

export const brandPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.xxl}`,
  color: vars.color.onBrand,
  background: `linear-gradient(150deg, ${vars.color.brandDeep} 0%, ${vars.color.brandBright} 100%)`,
  '@media': {
    [media.desktop]: {
      justifyContent: 'space-between',
      padding: `${vars.space.xxxl} ${vars.space.xxxl}`,
      minHeight: '100vh',
      position: 'sticky',
      top: 0,
    },
  },
})

export const brandCopy = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl })

export const tagline = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  lineHeight: 1.25,
  maxWidth: '22ch',
  '@media': { [media.desktop]: { fontSize: vars.fontSize.display } },
})

export const highlights = style({
  display: 'none',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  flexDirection: 'column',
  gap: vars.space.md,
  color: vars.color.onBrandMuted,
  '@media': { [media.desktop]: { display: 'flex' } },
})

export const highlight = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' })

export const brandFootnote = style({
  display: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.onBrandMuted,
  '@media': { [media.desktop]: { display: 'block' } },
})

export const formColumn = style({ flex: 1, display: 'flex', flexDirection: 'column' })

export const main = style({
  flex: 1,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  marginTop: `calc(-1 * ${vars.space.xl})`,
  '@media': {
    [media.desktop]: { alignItems: 'center', marginTop: 0, padding: vars.space.xxxl },
  },
})

export const card = style({ width: '100%', maxWidth: '440px' })
