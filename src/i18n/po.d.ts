/** A message catalog (`-locales/<language>.po`), compiled on import by Lingui's Vite plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
