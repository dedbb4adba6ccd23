import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/** The payee book: the search and "Add a payee", the editor, one row per payee, the dialog. */

export const toolbar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': {
    [media.tablet]: {
      flexDirection: 'row',
      alignItems: 'flex-start',
      justifyContent: 'space-between',
    },
  },
})

export const searchBox = style({ display: 'block', flex: 1, minWidth: 0 })

export const search = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  flex: 1,
  minWidth: 0,
  '@media': { [media.tablet]: { flexDirection: 'row', alignItems: 'flex-start' } },
})

export const searchField = style({ flex: 1, minWidth: 0, maxWidth: '420px' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })

/** Beside the search's input on wider screens, below its label: level with the input. */
const besideInput = { '@media': { [media.tablet]: { marginTop: '26px', flexShrink: 0 } } }

export const searchActions = style([
  { display: 'flex', flexWrap: 'wrap', gap: vars.space.md },
  besideInput,
])

export const add = style([{ alignSelf: 'flex-start' }, besideInput])

export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  marginTop: vars.space.xl,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
})

export const editorTitle = style({ fontSize: vars.fontSize.lg, color: vars.color.text })

export const fields = style({
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
})

export const muted = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' })

export const count = style({
  margin: `${vars.space.xl} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const empty = style({ margin: `${vars.space.xl} 0 0`, color: vars.color.textMuted })

export const list = style({
  listStyle: 'none',
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
})

export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.lg} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': {
    [media.tablet]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
  },
})

export const facts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
})

export const name = style({
  fontWeight: 600,
  color: vars.color.text,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
})

export const detail = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
})

/** Account details not paid since they were written: the next transfer counts as new. */
export const newBadge = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.warning,
  background: vars.color.warningSoft,
  border: `1px solid ${vars.color.warning}`,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.sm}`,
})

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  background: `color-mix(in srgb, ${vars.color.text} 55%, transparent)`,
})

export const dialog = style({
  position: 'fixed',
  zIndex: 65,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(440px, calc(100vw - 32px))',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
})

export const dialogTitle = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text })

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.md,
})
