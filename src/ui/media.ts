/** Breakpoints, shared by every style file: phones first, then tablets and desktops. */
export const media = {
  tablet: 'screen and (min-width: 768px)',
  desktop: 'screen and (min-width: 1024px)',
} as const
