import { style } from '@vanilla-extract/css'
import { media } from '#ui/media'
import { vars } from '#ui/theme.css'

/**
 * The look of the account forms (signup, verify, forgot, reset passcode and PIN): a heading
 * with a lead, the form, and the links under it. Shared by the signed-out screens and the
 * open account/resetpin screens.
 */

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, lineHeight: 1.2 })

export const lead = style({ color: vars.color.textMuted })

export const strong = style({ color: vars.color.text, fontWeight: 600, overflowWrap: 'anywhere' })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

/** A fieldset that only groups (and disables) the fields while a call is in flight. */
export const fields = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
})

/** Two fields side by side from tablets up (first and last name). */
export const pair = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
})

export const checkError = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: 500,
  marginTop: `calc(-1 * ${vars.space.sm})`,
})

/** A line under a checkbox that it refers to (signup's terms). */
export const checkNote = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  marginTop: `calc(-1 * ${vars.space.sm})`,
})

export const aside = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
})

export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.primary,
  fontSize: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' } },
})

/** The resend line under the code: the countdown or the button. */
export const resendRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const countdown = style({
  fontFamily: vars.font.mono,
  fontWeight: 600,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
})

/** The outcome of a finished step: an icon, a message and what to do next. */
export const outcome = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
})

export const outcomeMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  background: vars.color.successSoft,
  color: vars.color.success,
})

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
})

/** The card of the open account/resetpin screens (no marketing panel). */
export const standaloneCard = style({
  width: '100%',
  maxWidth: '480px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
})

export const outcomeBody = style({ width: '100%', textAlign: 'left' })
