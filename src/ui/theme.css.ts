import { createGlobalTheme, globalStyle } from '@vanilla-extract/css'

/**
 * The portal's design tokens: a calm bank palette (deep blue with green for money in and red
 * for money out), spacing, radii and the system font stack. Text colours keep at least 4.5:1
 * contrast against the surfaces they sit on.
 */
export const vars = createGlobalTheme(':root', {
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
    success: '#11704a',
    successSoft: '#e3f4ec',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    warning: '#8a4b00',
    warningSoft: '#fff4e0',
    focus: '#2f7de1',
    skeleton: '#e3e8ef',
  },
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
  shadow: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)',
    raised: '0 12px 32px rgba(16, 24, 40, 0.18)',
  },
  layout: {
    sidebarWidth: '260px',
    contentMax: '1120px',
  },
})

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
