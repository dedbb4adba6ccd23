import { style } from '@vanilla-extract/css'

/** Mid-word only as the last resort (break-word, unlike anywhere, leaves a column's width be). */
export const address = style({ overflowWrap: 'break-word' })
