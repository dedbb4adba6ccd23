import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { linguiMacros } from '../../scripts/build/lingui-macros.ts'

/**
 * `npm run flows:serve`: the local flow explorer (src/dev/flow-explorer) on
 * http://127.0.0.1:5174/, with no API server and no network. It is a separate Vite app, so
 * the portal's build (vite.config.ts, index.html) never contains it.
 */

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

export const explorerPort = 5174

export default defineConfig({
  root: fileURLToPath(new URL('../../src/dev/flow-explorer', import.meta.url)),
  base: '/',
  // The machines speak through Lingui's macros (docs/decisions/090).
  plugins: [linguiMacros(), react()],
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite-flow-explorer', import.meta.url)),
  clearScreen: false,
  server: { host: '127.0.0.1', port: explorerPort, fs: { allow: [projectRoot] } },
  preview: { host: '127.0.0.1', port: explorerPort },
  // Never built into dist/: a build (for a look at it, not for production) lands in node_modules.
  build: {
    outDir: fileURLToPath(new URL('../../node_modules/.flow-explorer-build', import.meta.url)),
    emptyOutDir: true,
  },
})
