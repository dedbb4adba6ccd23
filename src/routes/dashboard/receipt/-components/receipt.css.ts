import { globalStyle, style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const receipt = style({ maxWidth: '560px', width: '100%' })

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBottom: vars.space.lg,
  borderBottom: `1px dashed ${vars.color.border}`,
  textAlign: 'center',
})

export const bank = style({ fontWeight: 700, color: vars.color.primary, margin: 0 })

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700, margin: 0 })

export const amount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  margin: 0,
})

export const value = style({ fontWeight: 600, overflowWrap: 'anywhere' })

/** Label above value on a phone; side by side from a tablet up, as a printed receipt reads. */
export const field = style({
  '@media': {
    [media.tablet]: {
      display: 'grid',
      gridTemplateColumns: '10rem 1fr',
      alignItems: 'center',
      gap: vars.space.md,
    },
  },
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
})

export const notFoundText = style({ margin: 0, color: vars.color.textMuted })

export const notFoundActions = style({ marginTop: vars.space.lg })

/**
 * Printing a receipt prints the receipt alone: everything else on the page (the header, the side
 * menu, the buttons) is hidden, and the receipt moves to the top left of the sheet. Scoped to a
 * page that shows a receipt, so printing any other page is unchanged.
 */
globalStyle(`body:has(${receipt}) *`, {
  '@media': { print: { visibility: 'hidden' } },
})
globalStyle(`body:has(${receipt}) ${receipt}, body:has(${receipt}) ${receipt} *`, {
  '@media': { print: { visibility: 'visible' } },
})
globalStyle(`body:has(${receipt}) ${receipt}`, {
  '@media': {
    print: { position: 'absolute', top: 0, left: 0, width: '100%', boxShadow: 'none', border: 0 },
  },
})
globalStyle(`body:has(${receipt})`, {
  '@media': { print: { background: vars.color.surface } },
})
