import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/**
 * A method's row: on a phone the availability goes under the name, so the name keeps the
 * width; from a tablet up it stands on the right.
 */
// `li > &` outweighs the shared row's `display: flex`, whichever stylesheet loads first.
export const method = style({
  selectors: {
    'li > &': {
      display: 'grid',
      gridTemplateColumns: '44px minmax(0, 1fr) auto',
      gridTemplateAreas: '"icon text chevron" "icon status chevron"',
      columnGap: vars.space.md,
      rowGap: vars.space.xs,
      alignItems: 'center',
    },
  },
  '@media': {
    [media.tablet]: {
      selectors: {
        'li > &': {
          gridTemplateColumns: '44px minmax(0, 1fr) auto auto',
          gridTemplateAreas: '"icon text status chevron"',
        },
      },
    },
  },
})

export const icon = style({ gridArea: 'icon' })
export const text = style({ gridArea: 'text' })
export const chevron = style({ gridArea: 'chevron' })
export const status = style({
  gridArea: 'status',
  selectors: { 'li &': { textAlign: 'left', maxWidth: 'none' } },
  '@media': { [media.tablet]: { selectors: { 'li &': { textAlign: 'right' } } } },
})
