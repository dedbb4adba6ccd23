import type { ClientKey } from './client-storage'

/**
 * The look a browser shows the portal and the console in (docs/decisions/086): the system's
 * (light or dark as the device is set), or light or dark whatever the device says. Chosen in
 * Settings (the console: its header), kept in this browser's localStorage.
 */
export const appearances = ['system', 'light', 'dark'] as const

export type Appearance = (typeof appearances)[number]

export type ColourScheme = 'light' | 'dark'

/** Where the choice is kept (src/api/client-storage.ts); nothing is kept for `system`. */
export const appearanceKey = 'appearance' satisfies ClientKey

/** A stored value as a choice: anything but light or dark (nothing, a stale value) is the system's. */
export function appearanceOf(stored: string | null): Appearance {
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

/** What a page looks like under `appearance`, on a device that does or does not prefer dark. */
export function schemeOf(appearance: Appearance, systemPrefersDark: boolean): ColourScheme {
  if (appearance === 'system') return systemPrefersDark ? 'dark' : 'light'
  return appearance
}

/**
 * Marks the page with the choice: `data-theme="light"` or `"dark"` on the root element, which the
 * theme's CSS follows over the system's preference (src/ui/theme.css.ts); none for the system's.
 */
export function markAppearance(root: HTMLElement, appearance: Appearance) {
  if (appearance === 'system') delete root.dataset.theme
  else root.dataset.theme = appearance
}

/**
 * The script every page runs first in its head, before anything is drawn: `markAppearance` with
 * the stored choice, in the few bytes a page can carry inline (no request on the first paint's
 * path). The build puts it in each page (vite.config.ts) and the server allows exactly this text
 * by its hash in the Content-Security-Policy (server/http/security-headers.ts). Storage that
 * throws (a privacy mode) leaves the system's look.
 */
export const appearanceScript = `try{var a=localStorage.getItem("${appearanceKey}");if(a==="light"||a==="dark")document.documentElement.dataset.theme=a}catch(e){}`
