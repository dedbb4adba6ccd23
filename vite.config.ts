/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

export const basePath = '/wp-user/'

/**
 * `npm run dev` serves the flow explorer (src/dev/flow-explorer) too: /wp-user/flows/
 * redirects to its page. Dev server only; the build's only page is index.html.
 */
function flowExplorerDevRoute(base: string): Plugin {
  return {
    name: 'flow-explorer-dev-route',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split('?')[0]
        if (url !== `${base}flows` && url !== `${base}flows/`) return next()
        response.statusCode = 302
        response.setHeader('Location', `${base}src/dev/flow-explorer/`)
        response.end()
      })
    },
  }
}

export default defineConfig({
  base: basePath,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/route-tree.gen.ts',
    }),
    react(),
    vanillaExtractPlugin(),
    flowExplorerDevRoute(basePath),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Rolldown's per-plugin timing report is for tuning the build; `npm start` stays quiet.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'ui', environment: 'happy-dom', include: ['test/ui/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['test/machines/**/*.test.ts'],
          globalSetup: ['test/harness/flows-run.setup.ts'],
        },
      },
      {
        // Static extraction, docs/flows, the explorer's logic and the coverage gate. It runs
        // after the other projects: the gate reads the coverage the machines project measured.
        test: {
          name: 'flows',
          environment: 'node',
          include: ['test/flows/**/*.test.ts'],
          globalSetup: ['test/harness/flows-run.setup.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
