/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { prerenderPages } from './scripts/build/prerender.ts'

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

/**
 * Libraries and shared app layers in a few chunks instead of dozens of tiny shared ones (each
 * request costs a round trip and a kilobyte of headers); route code stays split per route.
 */
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
  // The virtual list (@tanstack/react-virtual) is only for Statements & Report: it stays in that
  // route's chunk, not in the router's, which every page loads.
  {
    name: 'router',
    test: /node_modules[\\/]@tanstack[\\/](?!react-virtual|virtual-core)/,
    priority: 40,
  },
  { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 30 },
  // What the forms and the screens use of src/api without the contract: the forms' rules, and
  // money (kept out of the contract's chunk, which would otherwise take it along).
  // One chunk for both: each is under a kilobyte, and a request costs more than that.
  {
    name: 'rules',
    test: /[\\/]src[\\/]api[\\/](contract[\\/]field-rules|money)\./,
    priority: 25,
  },
  // The contract's schemas with valibot and ofetch: loaded with the first call
  // (src/api/client.ts), not with the page; the forms' rules (field-rules.ts) stay out of it.
  {
    name: 'contract',
    test: /node_modules[\\/](valibot|ofetch|ufo|destr)[\\/]|[\\/]src[\\/]api[\\/](contract[\\/](?!field-rules)|client-wire|countries)/,
    priority: 20,
  },
  // The toaster (Radix Toast) loads after the first paint (src/routes/__root.tsx).
  { name: 'ui', test: /[\\/]src[\\/]ui[\\/](?!toaster)/, priority: 10 },
  // What the boot entry (src/boot.ts) needs to send the early calls and import the app (Vite's
  // preload helper, the wait for the first paint): a chunk that waits for nothing else
  // (docs/decisions/058, 060). The entry itself stays the page's entry chunk.
  {
    name: 'early',
    test: /^\0vite\/(preload-helper|modulepreload-polyfill)|[\\/]src[\\/](api[\\/](client-storage|early-calls)\.ts|routes[\\/]dashboard[\\/]-components[\\/]first-calls\.ts|ui[\\/](after-first-paint|held-submits)\.ts)/,
    priority: 60,
  },
  // What the app loads anyway (route definitions, guards, Vite's and Rolldown's helpers).
  {
    name: 'app',
    tags: ['$initial' as const],
    test: /^\0|[\\/]src[\\/](?!main\.tsx|boot\.ts)/,
    priority: 5,
  },
]

/** What the signed-in dashboard loads first: its layout, its page and the contract. */
const dashboardFirstLoad = [
  'src/routes/dashboard.tsx',
  'src/routes/dashboard/index.tsx',
  'src/api/client-wire.ts',
]

/** The test suite's cheap argon2id cost (server/auth/secrets.ts); a real server refuses it. */
const testHashing = { PORTAL_HASHING_COST: 'test' }

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
    // The signed-out pages' first screen as HTML with the document (docs/decisions/035).
    prerenderPages(
      [
        { address: '', route: 'src/routes/_signed-out/index.tsx' },
        { address: 'account', route: 'src/routes/_signed-out/account/index.tsx' },
        { address: 'account/login', route: 'src/routes/_signed-out/account/login.tsx' },
        { address: 'account/signup', route: 'src/routes/_signed-out/account/signup.tsx' },
        // Reached from signup's terms in a new tab: text only, readable before any script.
        { address: 'terms', route: 'src/routes/terms.tsx' },
        { address: 'privacy', route: 'src/routes/privacy.tsx' },
      ],
      {
        login: ['src/routes/_signed-out/index.tsx'],
        signup: ['src/routes/_signed-out/account/signup.tsx'],
        dashboard: dashboardFirstLoad,
      },
      // The dashboard needs a session: no prerender, but its chunks and the contract (its
      // loader calls at once) load with the entry instead of after it.
      [{ address: 'dashboard', modules: dashboardFirstLoad }],
    ),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    // Source maps for the project's own inspection: no sourceMappingURL in the code, and the
    // server does not serve them.
    sourcemap: 'hidden',
    // All the app's CSS is about 5 KB compressed: one stylesheet with the document beats a
    // dozen render-blocking requests (docs/decisions/035).
    cssCodeSplit: true,
    rolldownOptions: {
      // The app is an entry of its own beside index.html's boot script, which loads it with
      // import(): its static imports are then the entry's "initial" code the groups above sort.
      input: { index: 'index.html', main: 'src/main.tsx' },
      output: { codeSplitting: { groups: chunkGroups } },
      // Rolldown's per-plugin timing report is for tuning the build; `npm start` stays quiet.
      checks: { bundlerTimings: false },
    },
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
          env: testHashing,
          include: ['test/server/**/*.test.ts'],
          exclude: ['test/server/**/*.crash.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Tests that kill a real server process mid-request: they run after the others, alone,
        // so that what they wait for (a child's start, its e-mails) is not starved of CPU.
        test: {
          name: 'crash',
          environment: 'node',
          env: testHashing,
          include: ['test/server/**/*.crash.test.ts'],
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The bank test on PostgreSQL (DATABASE_URL): servers in child processes, killed and cut
        // off from the database. Last and alone, like the crash tests, for the CPU it needs.
        test: {
          name: 'chaos',
          environment: 'node',
          env: testHashing,
          include: ['test/chaos/**/*.chaos.test.ts'],
          sequence: { groupOrder: 3 },
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
