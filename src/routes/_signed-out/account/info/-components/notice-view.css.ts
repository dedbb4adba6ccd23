import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const marker = style({
  alignSelf: 'flex-start',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})

export const body = style({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })

export const loading = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })
