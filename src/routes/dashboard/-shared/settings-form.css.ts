import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  marginTop: vars.space.md,
})

/** Fields side by side from the tablet width up (the profile form). */
export const grid = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
})

export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } })

export const lead = style({ color: vars.color.textMuted, margin: 0, overflowWrap: 'anywhere' })

export const strong = style({ fontWeight: 600, color: vars.color.text })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

/** The chosen picture beside its input, before it is saved. */
export const picture = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { [media.tablet]: { flexDirection: 'row', alignItems: 'flex-start' } },
})

export const preview = style({
  width: '96px',
  height: '96px',
  borderRadius: '50%',
  objectFit: 'cover',
  flexShrink: 0,
  border: `1px solid ${vars.color.border}`,
})

export const pictureFields = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
})
