import { style } from '@vanilla-extract/css'
import { input } from './field.css'
import { vars } from './theme.css'

const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='20' height='20' viewBox='0 0 24 24' fill='none' stroke='%234a5568' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E\")"

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
      // A select matches :read-only, which greys text inputs: keep it white with its chevron.
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
