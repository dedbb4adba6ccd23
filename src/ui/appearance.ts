import { useSyncExternalStore } from 'react'
import {
  type Appearance,
  appearanceKey,
  appearanceOf,
  type ColourScheme,
  markAppearance,
  schemeOf,
} from '#api/appearance'
import { clientStorage } from '#api/client-storage'

/**
 * The browser's appearance as React reads it: the stored choice, changed here (Settings, the
 * console's header) or in another tab, and the system's preference as the device changes it.
 * The page was marked with the stored choice before its first paint (src/api/appearance.ts).
 */

const systemDark = '(prefers-color-scheme: dark)'
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

export function storedAppearance(): Appearance {
  return appearanceOf(clientStorage.get(appearanceKey))
}

/** Keeps `appearance` for this browser and shows the page in it at once. */
export function chooseAppearance(appearance: Appearance) {
  if (appearance === 'system') clientStorage.remove(appearanceKey)
  else clientStorage.set(appearanceKey, appearance)
  markAppearance(document.documentElement, appearance)
  notify()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const media = window.matchMedia(systemDark)
  // Another tab chose: this page follows (a storage event never reaches the tab that wrote).
  const otherTab = (event: StorageEvent) => {
    if (event.key !== appearanceKey && event.key !== null) return
    markAppearance(document.documentElement, storedAppearance())
    listener()
  }
  media.addEventListener('change', listener)
  window.addEventListener('storage', otherTab)
  return () => {
    listeners.delete(listener)
    media.removeEventListener('change', listener)
    window.removeEventListener('storage', otherTab)
  }
}

const prefersDark = () => window.matchMedia(systemDark).matches

/** The choice, as kept. */
export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribe, storedAppearance, () => 'system')
}

/** What the page looks like now: for what CSS does not paint (a chart's canvas). */
export function useColourScheme(): ColourScheme {
  return useSyncExternalStore(
    subscribe,
    () => schemeOf(storedAppearance(), prefersDark()),
    () => 'light',
  )
}
