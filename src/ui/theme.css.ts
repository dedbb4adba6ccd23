import {
  assignVars,
  createGlobalTheme,
  createThemeContract,
  globalStyle,
} from '@vanilla-extract/css'

/**
 * The colours, one name per use, with a light and a dark palette below. Everything the pages
 * draw takes its colour from here (a canvas reads them from the page: src/ui/theme-colour.ts).
 */
export const colors = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceMuted: null,
    border: null,
    text: null,
    textMuted: null,
    primary: null,
    primaryHover: null,
    primaryText: null,
    primarySoft: null,
    /** The brand's gradient (menus, the balance card, the signed-out panel), dark to bright. */
    brandDeep: null,
    brandBright: null,
    /** Text and states on the brand's gradient. */
    onBrand: null,
    onBrandMuted: null,
    onBrandHover: null,
    onBrandActive: null,
    success: null,
    successSoft: null,
    danger: null,
    dangerSoft: null,
    warning: null,
    warningSoft: null,
    focus: null,
    skeleton: null,
    /** Behind a dialog or the menu drawer. */
    scrim: null,
    /** A hovered icon button, on any surface. */
    hoverTint: null,
    /** White in both themes: what must be read as on paper (a QR code for a camera). */
    paper: null,
  },
  shadow: { card: null, raised: null },
  /** The select's chevron, drawn in the muted text colour (an image cannot read a variable). */
  image: { selectChevron: null },
})

/** Every colour of the contract, as one theme gives them. */
type Palette = Parameters<typeof assignVars<typeof colors>>[1]

const chevron = (stroke: string) =>
  `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='20' height='20' viewBox='0 0 24 24' fill='none' stroke='%23${stroke}' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E")`

/**
 * A calm bank palette: deep blue, with green for money in and red for money out. Text colours
 * keep at least 4.5:1 against the surfaces they sit on.
 */
const light: Palette = {
  color: {
    background: '#f3f5f9',
    surface: '#ffffff',
    surfaceMuted: '#f8fafc',
    border: '#d6dce5',
    text: '#14213d',
    textMuted: '#4a5568',
    primary: '#0d4a8f',
    primaryHover: '#0a3a70',
    primaryText: '#ffffff',
    primarySoft: '#e6eef8',
    brandDeep: '#0a2e5c',
    brandBright: '#0d4a8f',
    onBrand: '#ffffff',
    onBrandMuted: 'rgba(255, 255, 255, 0.86)',
    onBrandHover: 'rgba(255, 255, 255, 0.08)',
    onBrandActive: 'rgba(255, 255, 255, 0.16)',
    success: '#11704a',
    successSoft: '#e3f4ec',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    warning: '#8a4b00',
    warningSoft: '#fff4e0',
    focus: '#2f7de1',
    skeleton: '#e3e8ef',
    scrim: 'rgba(10, 22, 40, 0.5)',
    hoverTint: 'rgba(127, 127, 127, 0.12)',
    paper: '#ffffff',
  },
  shadow: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)',
    raised: '0 12px 32px rgba(16, 24, 40, 0.18)',
  },
  image: { selectChevron: chevron('4a5568') },
}

/**
 * The same names at night: lighter text and accents on deep blue-grey surfaces, each pair as
 * far apart as in the light palette or further (docs/decisions/086). The accents become light,
 * so text on them (primaryText) becomes dark; the brand's gradient stays deep, under white.
 */
const dark: Palette = {
  color: {
    background: '#0e1522',
    surface: '#172133',
    surfaceMuted: '#1c2739',
    border: '#3a4b64',
    text: '#e8edf5',
    textMuted: '#aab6c8',
    primary: '#8cbaf4',
    primaryHover: '#b2d0f8',
    primaryText: '#0b1b30',
    primarySoft: '#1f3352',
    brandDeep: '#0a1d38',
    brandBright: '#17467f',
    onBrand: '#ffffff',
    onBrandMuted: 'rgba(255, 255, 255, 0.86)',
    onBrandHover: 'rgba(255, 255, 255, 0.08)',
    onBrandActive: 'rgba(255, 255, 255, 0.16)',
    success: '#5fd39a',
    successSoft: '#133326',
    danger: '#ff958a',
    dangerSoft: '#3b1e1d',
    warning: '#f2b65e',
    warningSoft: '#34270f',
    focus: '#78aef8',
    skeleton: '#27344a',
    scrim: 'rgba(0, 0, 0, 0.6)',
    hoverTint: 'rgba(127, 127, 127, 0.2)',
    paper: '#ffffff',
  },
  shadow: {
    card: '0 1px 2px rgba(0, 0, 0, 0.4), 0 1px 3px rgba(0, 0, 0, 0.3)',
    raised: '0 12px 32px rgba(0, 0, 0, 0.55)',
  },
  image: { selectChevron: chevron('aab6c8') },
}

/**
 * Light unless the page says dark (`data-theme`, set from the customer's choice before the
 * first paint: src/api/appearance.ts) or says nothing and the system prefers dark. On screens
 * only: a page prints light, dark text on white paper. `color-scheme` turns the browser's own
 * parts (form controls, scrollbars, the canvas before the page) with the palette.
 */
createGlobalTheme(':root', colors, light)
const night = { vars: assignVars(colors, dark), colorScheme: 'dark' }
globalStyle(':root:not([data-theme="light"])', {
  '@media': { 'screen and (prefers-color-scheme: dark)': night },
})
globalStyle(':root[data-theme="dark"]', { '@media': { screen: night } })

/** The portal's design tokens: the colours above, spacing, radii and the system font stack. */
export const vars = {
  ...createGlobalTheme(':root', {
    space: {
      xs: '4px',
      sm: '8px',
      md: '12px',
      lg: '16px',
      xl: '24px',
      xxl: '32px',
      xxxl: '48px',
    },
    radius: {
      sm: '6px',
      md: '10px',
      lg: '16px',
      pill: '999px',
    },
    font: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    },
    fontSize: {
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.375rem',
      xxl: '1.75rem',
      display: '2.25rem',
    },
    layout: {
      sidebarWidth: '260px',
      contentMax: '1120px',
    },
  }),
  ...colors,
}

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  minHeight: '100%',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '16px',
  lineHeight: 1.5,
  WebkitFontSmoothing: 'antialiased',
  WebkitTextSizeAdjust: '100%',
})

globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' })

globalStyle('h1, h2, h3, h4, p', { margin: 0 })

globalStyle('a', { color: vars.color.primary })

globalStyle('img', { maxWidth: '100%', display: 'block' })

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' })

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
})
