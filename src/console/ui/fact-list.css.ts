import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
})

export const row = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })

export const label = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const value = style({ margin: 0, overflowWrap: 'anywhere' })
