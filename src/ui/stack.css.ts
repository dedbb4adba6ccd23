import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from './theme.css'

export const stack = style({ display: 'flex', flexDirection: 'column', minWidth: 0 })

export const gap = styleVariants(vars.space, (space) => ({ gap: space }))
