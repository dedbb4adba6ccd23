import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({ margin: `${vars.space.md} 0 0`, padding: 0, listStyle: 'none' })

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.xs}`,
  borderTop: `1px solid ${vars.color.border}`,
})

export const middle = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })

export const type = style({ fontWeight: 600, overflowWrap: 'anywhere' })

export const date = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const end = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
})

export const amount = style({ fontWeight: 600, whiteSpace: 'nowrap' })
