import { style } from '@vanilla-extract/css'
import { input } from './field.css'
import { vars } from './theme.css'

const chevron = vars.image.selectChevron

/** A native select styled like the text inputs, with its own chevron. */
export const select = style([
  input,
  {
    appearance: 'none',
    paddingRight: vars.space.xxxl,
    backgroundColor: vars.color.surface,
    backgroundImage: chevron,
    backgroundRepeat: 'no-repeat',
    backgroundPosition: `right ${vars.space.md} center`,
    cursor: 'pointer',
    textOverflow: 'ellipsis',
    selectors: {
      // A select matches :read-only, which greys text inputs: keep the surface and its chevron.
      '&:read-only': {
        backgroundColor: vars.color.surface,
        backgroundImage: chevron,
        backgroundRepeat: 'no-repeat',
        backgroundPosition: `right ${vars.space.md} center`,
      },
      '&:disabled:read-only': { cursor: 'not-allowed', backgroundColor: vars.color.surfaceMuted },
    },
  },
])
