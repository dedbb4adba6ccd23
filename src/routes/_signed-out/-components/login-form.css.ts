import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, lineHeight: 1.2 })

export const subtitle = style({ color: vars.color.textMuted })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

/** "Not you?" moves under the name when the e-mail would have less than 8rem beside it. */
export const who = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
})

export const whoText = style({
  flex: '1 1 8rem',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
})

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const

export const whoName = style({ ...oneLine, fontWeight: 700 })

/** The e-mail wraps rather than being cut: the customer checks it is theirs. */
export const whoEmail = style({
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

/** The e-mail alone (the neutral greeting, decision 080): whole, however long. */
export const whoEmailAlone = style({ overflowWrap: 'anywhere', fontWeight: 700 })

export const notYou = style({
  marginLeft: 'auto',
  paddingLeft: vars.space.md,
  paddingRight: vars.space.md,
})

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
})

export const smallLink = style({ fontSize: vars.fontSize.sm, fontWeight: 600 })

export const aside = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
})

/** "Bank staff: use a password": a small aside under Sign in, not a second main action. */
export const staffSwitch = style({ fontSize: vars.fontSize.sm, alignSelf: 'center' })
