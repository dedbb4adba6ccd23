/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { withoutDocumentationStrings } from './scripts/build/documentation-strings.ts'
import { linguiMacros } from './scripts/build/lingui-macros.ts'
import { prerenderPages } from './scripts/build/prerender.ts'
import { portalVersion } from './server/version.ts'
import { appearanceScript } from './src/api/appearance.ts'
import { clockBoundFirst } from './test/support/clock-bound-first.ts'

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
 * Each page's first script, inline in its head: the appearance chosen in this browser marks the
 * page before anything is drawn, so a dark choice never flashes light (docs/decisions/086). The
 * server's Content-Security-Policy allows this text by its hash.
 */
const appearanceBeforePaint: Plugin = {
  name: 'appearance-before-paint',
  transformIndexHtml(html, { filename }) {
    const charset = '<meta charset="UTF-8" />'
    if (!html.includes(charset)) throw new Error(`${filename} has no ${charset} to follow`)
    return html.replace(charset, () => `${charset}\n    <script>${appearanceScript}</script>`)
  },
}

const inRoot = (file: string) => path.resolve(import.meta.dirname, file)

/**
 * `npm run dev`: the console's addresses (/wp-admin, /wp-admin/…, but not its API) answer with
 * console.html, as the server does with the built page.
 */
const consoleDevRoute: Plugin = {
  name: 'console-dev-route',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const url = request.url?.split('?')[0] ?? ''
      if (/^\/wp-admin(\/(?!api$|files\/).*)?$/.test(url)) request.url = `${basePath}console.html`
      next()
    })
  },
}

/**
 * The dev server's proxy to the API server at `api`. The staff API refuses a request without
 * the server's own Origin (docs/decisions/068), so the proxy sends the server's.
 */
export function devProxy(api: string, publicUrl = api) {
  return {
    '/api': api,
    '/uploads': api,
    '/wp-admin/api': { target: api, headers: { origin: new URL(publicUrl).origin } },
  }
}
/**
 * The console's own copy of valibot: the staff contract uses valibot functions the customers'
 * contract does not (variant, parseJson…), and a shared copy carried them into the portal's
 * contract chunk, which every signed-in page loads first (+0.33 KB, over the dashboard's
 * budget). Schemas are plain objects, so the two copies compose (docs/decisions/074).
 */
const consoleValibot: Plugin = {
  name: 'console-valibot',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== 'valibot' || !importer) return null
    if (!/[\\/]src[\\/](console[\\/]|api[\\/]contract[\\/]staff[\\/])/.test(importer)) return null
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
    return resolved ? { ...resolved, id: `${resolved.id}?console` } : null
  },
}

/** The page's entry script, which loads the app (src/main.tsx) with import(). */
const bootModule = inRoot('src/boot.ts')
/** The modules that stay chunks of their own: the page, its entry and the app's. */
const entryModules = [inRoot('index.html'), bootModule, inRoot('src/main.tsx')]

/**
 * What src/boot.ts imports, as the build parsed it, for the `early` group below: the list
 * follows boot.ts, wherever its imports move.
 */
const bootImports = new Set<string>()
const recordBootImports: Plugin = {
  name: 'record-boot-imports',
  buildStart() {
    bootImports.clear()
  },
  moduleParsed(info) {
    if (info.id === bootModule) for (const id of info.importedIds) bootImports.add(id)
  },
}

/**
 * Every module's static imports as the build parsed them, to tell the portal's first-load
 * modules from the console's: the portal's `app` group must not take a module only the
 * console's page loads at once (valibot, ofetch), or every portal page would load it.
 */
const staticImports = new Map<string, readonly string[]>()
let portalInitialModules: Set<string> | null = null
const recordImports: Plugin = {
  name: 'record-imports',
  buildStart() {
    staticImports.clear()
    portalInitialModules = null
  },
  moduleParsed(info) {
    staticImports.set(info.id, info.importedIds)
  },
}

/**
 * A module the portal's first load reaches only through a package's index, whose code only the
 * console's tables use (@tanstack/react-table): in `app` it cost every portal page 0.25 KB.
 */
const consoleOnlyExport = /[\\/]node_modules[\\/]@tanstack[\\/]store[\\/]dist[\\/]shallow\./

/** What the portal's page loads before its app runs: boot.ts, main.tsx and their imports. */
function portalInitial(id: string) {
  if (!portalInitialModules) {
    const seen = new Set<string>()
    const queue = [bootModule, inRoot('src/main.tsx')]
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(...(staticImports.get(next) ?? []))
    }
    portalInitialModules = seen
  }
  return portalInitialModules.has(id)
}

/**
 * Chunk groups only where Rolldown's default chunking measured worse (docs/decisions/070, figures
 * in bench/results/size.md); the rest, XState included, is split by default. Each group takes
 * the modules its own import along, unless a group of higher priority has them.
 */
const chunkGroups = [
  // What boot.ts needs, with Vite's own modules (the preload helper its import() uses, the
  // modulepreload polyfill): without it they join `app`, and a prerendered page loads 4 files
  // (110 KB) before its first paint instead of 2 (2.9 KB) (decisions 058, 060).
  {
    name: 'early',
    test: (id: string) => bootImports.has(id) || id.startsWith('\0vite/'),
    priority: 4,
  },
  // Without it: login 25 files instead of 13. Above `app`, so its stylesheet comes first as it
  // always has; below it the dashboard's CSS is 5.21 KB (limit 5.2). It takes along react and
  // money, which `app` needs too. Radix Toast loads after the first paint (src/routes/__root.tsx).
  // Nor the upload box, the copy button, the select, the appearance's and language's radios and the charts'
  // colour reader (painted-colours), which no first
  // load draws: in `ui`, every page loaded them (the first three: login 0.75 KB of JavaScript
  // and 0.31 KB of CSS, docs/decisions/086).
  {
    name: 'ui',
    test: /[\\/]src[\\/]ui[\\/](?!toaster|upload-box|copy-button|select-field|appearance|radio-choice|painted-colours)/,
    priority: 3,
  },
  // What main.tsx loads at once: react-dom, the router, the route definitions and guards.
  // Without it: login 40 files, 143 KB.
  {
    name: 'app',
    tags: ['$initial' as const],
    test: (id: string) =>
      !entryModules.includes(id) && portalInitial(id) && !consoleOnlyExport.test(id),
    priority: 2,
  },
  // XState with the app's effects, one chunk as before the console (docs/decisions/074): the
  // console's statecharts import XState and app-provided but not app-effects, and by default
  // they split in two; the login route then loaded one file more (+0.36 KB).
  {
    name: 'app-effects',
    test: /[\\/](node_modules[\\/](xstate|@xstate[\\/]react|use-isomorphic-layout-effect)[\\/]|src[\\/]machines[\\/]app-provided\.|src[\\/]routes[\\/]-components[\\/]app-effects\.)/,
    priority: 1,
  },
  // The forms' rules apart from the contract, which would take them along: without it login and
  // signup load the contract, 13 KB more (decision 053).
  { name: 'rules', test: /[\\/]src[\\/]api[\\/]contract[\\/]field-rules\./, priority: 1 },
  // The charts' library with the reader of their colours, which only the charts call (the
  // console's figures, Insights): one chunk loaded with either, named as uPlot's own was.
  {
    name: 'uPlot.min',
    test: /[\\/](node_modules[\\/]uplot[\\/]|src[\\/]ui[\\/]painted-colours\.)/,
  },
  // The contract with valibot and ofetch, loaded with the first call (053), in one chunk:
  // without it the dashboard loads 23 files (132.6 KB) instead of 18 (130.7 KB).
  // Not the staff contract: the console's alone, it is left to the default chunking, as is all
  // the console's code (docs/decisions/074). A group for the console would take along what its
  // modules import of the portal's (XState, the statecharts), and portal pages would load it.
  // Nor the security calls, loaded when first called (docs/decisions/080), nor the payee
  // book's (085), nor Insights' (089).
  {
    name: 'contract',
    test: /[\\/]src[\\/]api[\\/](client-wire\.|contract[\\/](?!staff[\\/]|security\.|payee-book\.|insights\.))/,
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

/**
 * Test files that leave something behind for the next file run in the same process: a module
 * mock, a stubbed global or environment variable, fake timers, a reset module registry, a
 * changed process.env, a tracing SDK started. They run isolated (projects server-isolated, ui-isolated); the others
 * share their worker's loaded modules. Found by reading the files, so a new one is sorted by
 * what it does.
 */
const sideEffect =
  /\bvi\.(mock|doMock|unmock|hoisted|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\(|process\.env\.\w+\s*=[^=]|delete process\.env|Object\.assign\(process\.env|startTracing\(/
function testsWithSideEffects(folder: string, name: RegExp) {
  const dir = fileURLToPath(new URL(`./${folder}`, import.meta.url))
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file))
    .filter((file) => sideEffect.test(readFileSync(path.join(dir, file), 'utf8')))
    .map((file) => `${folder}/${file}`)
}
const isolatedServerTests = testsWithSideEffects('test/server', /(?<!\.crash|\.servers)\.test\.ts$/)
const isolatedUiTests = testsWithSideEffects('test/ui', /\.test\.tsx?$/)

/** The ui tests' settings, shared by the two ui projects. */
const uiTests = {
  environment: 'happy-dom',
  setupFiles: ['test/support/english-ui.setup.tsx'],
}

/** The server tests' settings, shared by the two server projects. */
const serverTests = {
  environment: 'node',
  env: testHashing,
  // Each file's databases are copies of migrated templates made once per run
  // (test/support/pglite-template.ts, test/server/support/postgres-template.setup.ts).
  globalSetup: [
    'test/support/pglite-template.setup.ts',
    'test/server/support/postgres-template.setup.ts',
  ],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

export default defineConfig({
  base: basePath,
  // The release, for the staff console's footer (server/version.ts reads it from package.json).
  define: { __PORTAL_VERSION__: JSON.stringify(portalVersion) },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/route-tree.gen.ts',
    }),
    // Lingui: the macros to runtime calls, and each `-locales/<language>.po` compiled on import;
    // a message missing from a catalog fails the build (docs/decisions/090).
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    react(),
    vanillaExtractPlugin(),
    withoutDocumentationStrings(),
    appearanceBeforePaint,
    flowExplorerDevRoute(basePath),
    recordBootImports,
    recordImports,
    consoleDevRoute,
    consoleValibot,
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
  server: { proxy: devProxy('http://127.0.0.1:8080') },
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
      input: { index: 'index.html', main: 'src/main.tsx', console: 'console.html' },
      output: { codeSplitting: { groups: chunkGroups } },
      // Rolldown's per-plugin timing report is for tuning the build; `npm start` stays quiet.
      checks: { bundlerTimings: false },
    },
  },
  test: {
    // Three test files at once even on two cores (vitest's default there is one): the server
    // tests spend much of their time waiting on PostgreSQL, child processes and timers, and the
    // chaos test holds one worker for its whole run. The crash tests keep one at a time (below).
    maxWorkers: Math.max(3, availableParallelism()),
    sequence: { sequencer: clockBoundFirst(['bank.chaos.test.ts']) },
    projects: [
      {
        extends: true,
        test: {
          ...uiTests,
          name: 'ui',
          // One process loads React, the views and their modules once for all its files; each
          // file still gets a new happy-dom window (storage, document). Measured: 19 s of CPU
          // instead of 60 s; every file passes alone and in shuffled orders (decision 092).
          isolate: false,
          include: ['test/ui/**/*.test.{ts,tsx}'],
          exclude: isolatedUiTests,
        },
      },
      {
        extends: true,
        test: {
          ...uiTests,
          name: 'ui-isolated',
          include: isolatedUiTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          // The statecharts and their generated paths keep no state between files: loaded once
          // per process (18.5 s of CPU instead of 33 s).
          isolate: false,
          include: ['test/machines/**/*.test.ts'],
          globalSetup: ['test/harness/flows-run.setup.ts'],
          setupFiles: ['test/support/english.setup.ts'],
        },
      },
      {
        // Static extraction, docs/flows, the explorer's logic and the coverage gate. It runs
        // after the other projects: the gate reads the coverage the machines project measured.
        // The machines it loads speak through Lingui's macros: compiled, in English.
        plugins: [linguiMacros()],
        test: {
          name: 'flows',
          environment: 'node',
          include: ['test/flows/**/*.test.ts'],
          globalSetup: ['test/harness/flows-run.setup.ts'],
          setupFiles: ['test/support/english.setup.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
        },
      },
      {
        // Without isolation: a worker runs file after file in one process that loads the server's
        // code once, instead of a new process per file. Measured here: the server tests in 167 s
        // instead of 364 s. Files with side effects on the process run isolated
        // (isolatedServerTests above).
        test: {
          ...serverTests,
          name: 'server',
          isolate: false,
          include: ['test/server/**/*.test.ts'],
          exclude: [
            'test/server/**/*.crash.test.ts',
            'test/server/**/*.servers.test.ts',
            ...isolatedServerTests,
          ],
        },
      },
      ...(isolatedServerTests.length > 0
        ? [{ test: { ...serverTests, name: 'server-isolated', include: isolatedServerTests } }]
        : []),
      {
        // Tests that kill a real server process mid-request, and tests of whole server processes
        // side by side (*.servers.test.ts: two releases, PgBouncer): they run after the others,
        // alone, so that what they wait for (a child's start, its e-mails) is not starved of CPU.
        test: {
          name: 'crash',
          environment: 'node',
          env: testHashing,
          globalSetup: ['test/support/pglite-template.setup.ts'],
          include: ['test/server/**/*.crash.test.ts', 'test/server/**/*.servers.test.ts'],
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The bank test on PostgreSQL (DATABASE_URL): servers in child processes, killed and cut
        // off from the database. First, beside the others: about half of its 100 s is spent
        // waiting for the mail leases of killed servers to run out (decision 092).
        test: {
          name: 'chaos',
          environment: 'node',
          env: testHashing,
          include: ['test/chaos/**/*.chaos.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
