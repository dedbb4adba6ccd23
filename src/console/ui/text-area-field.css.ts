import { style } from '@vanilla-extract/css'
import { vars } from '#ui/theme.css'

export const textArea = style({ minHeight: '120px', padding: vars.space.md, resize: 'vertical' })
