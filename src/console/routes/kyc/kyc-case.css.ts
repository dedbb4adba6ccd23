import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

/** A detail the submission does not have. */
export const missing = style({ color: vars.color.textMuted, fontStyle: 'italic' })

/** What follows a value: the age, a document still valid. */
export const aside = style({ color: vars.color.textMuted })

/** A document number, read character by character against the scan. */
export const number = style({
  fontFamily: vars.font.mono,
  letterSpacing: '0.06em',
})

/** "Expired", coloured with the error tone. */
export const flag = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: '1px solid',
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  whiteSpace: 'nowrap',
})

/** The document's details above its scans. */
export const documentFacts = style({ marginBottom: vars.space.lg })
