import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** Desktop first: the nav is a column at the left; on a tablet it runs across the top. */
export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  '@media': { [media.desktop]: { flexDirection: 'row' } },
})

export const sidebar = style({
  background: `linear-gradient(180deg, ${vars.color.brandDeep} 0%, ${vars.color.brandBright} 100%)`,
  color: vars.color.onBrand,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': {
    [media.desktop]: {
      // Narrower than the portal's menu: the console's tables need the width at 1024 px.
      width: '220px',
      flexShrink: 0,
      position: 'sticky',
      top: 0,
      height: '100vh',
      overflowY: 'auto',
      padding: `${vars.space.xl} ${vars.space.lg}`,
    },
  },
})

export const area = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.onBrandMuted,
})

export const column = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
})

/** At the header's start, the person at its end. */
export const appearance = style({ marginRight: 'auto' })

export const person = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' })

export const personName = style({ fontWeight: 600 })

export const personRoles = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.contentMax,
  margin: '0 auto',
  padding: vars.space.xl,
  // The screen's heading, filters, cards and tables, evenly apart.
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const skipLink = style({
  position: 'absolute',
  left: vars.space.lg,
  top: '-100px',
  zIndex: 200,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  selectors: { '&:focus': { top: vars.space.lg } },
})

/** The release, small and quiet at the column's foot. */
export const footer = style({
  padding: `${vars.space.md} ${vars.space.xl}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
})
