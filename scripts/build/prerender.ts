import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite'
import { precompress } from './precompress.ts'
import { routeAssets } from './route-assets.ts'

/** An address of the app (below the base path) and the route file that draws it. */
export interface PrerenderedPage {
  address: string
  route: string
}

/**
 * An address that is not prerendered (it needs a session) but gets its own copy of index.html
 * with its routes' chunks preloaded, so they load with the entry instead of after it has run.
 */
export interface PreloadedShell {
  address: string
  /** Route files, or modules loaded with `import()` that the page needs at once. */
  modules: string[]
}

/** The app the entry (src/boot.ts) loads with `import()`. */
const appModule = 'src/main.tsx'
/** Where a page's HTML goes in the build; the server looks for it there (server/web-app.ts). */
export const prerenderedDir = 'prerendered'
/** The files each budgeted route loads first, for size-limit (.size-limit.mjs). */
export const routeFilesJson = '.vite/route-files.json'

type RenderPage = (address: string) => Promise<{ html: string; pathname: string }>

/**
 * After the client build: builds src/prerender.tsx for Node, renders each page with the
 * router's memory history and writes it into the built index.html, with modulepreload and
 * stylesheet links for its route's chunks so they load with the entry instead of after it.
 * Then writes brotli and gzip copies of the whole build.
 */
export function prerenderPages(
  pages: PrerenderedPage[],
  /** Named sets of route files whose first-load files go to routeFilesJson. */
  budgets: Record<string, string[]>,
  shells: PreloadedShell[] = [],
): Plugin {
  let config: ResolvedConfig
  let bundle: Rolldown.OutputBundle
  return {
    name: 'prerender-pages',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved
    },
    writeBundle(_options, output) {
      bundle = output
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir)
      const rendererDir = path.join(config.root, 'node_modules', '.prerender')
      const renderPage = await buildRenderer(config, rendererDir)
      try {
        // The entry (src/boot.ts) only loads the app with import(): index.html links the app's
        // files itself, so they load with the entry instead of after it has run.
        const app = routeAssets(bundle, config.root, appModule)
        const entryShell = await readFile(path.join(outDir, 'index.html'), 'utf8')
        const shell = withPreloads(entryShell, config.base, app)
        await writeFile(path.join(outDir, 'index.html'), shell)
        for (const page of pages) {
          const { html, pathname } = await renderPage(config.base + page.address)
          if (!html) throw new Error(`prerendering /${page.address} drew nothing (a redirect?)`)
          const assets = routeAssets(bundle, config.root, page.route)
          // A prerendered page links no module of the app: the entry loads them after the
          // page's first paint (docs/decisions/060-prerendered-pages-load-after-paint.md).
          const pageShell = await inlineStylesheets(
            withPreloads(entryShell, config.base, { js: [], css: app.css }),
            outDir,
            config.base,
            assets.css,
          )
          // The app's own chunk (the first) is left out: the entry imports it once the others
          // are on their way, so that its import does not evaluate them all in one task.
          const modules = [...new Set([...app.js.slice(1), ...assets.js])]
          const file = path.join(outDir, prerenderedDir, page.address, 'index.html')
          await mkdir(path.dirname(file), { recursive: true })
          await writeFile(file, pageDocument(pageShell, config.base, modules, html, pathname))
        }
        for (const page of shells) {
          const assets = page.modules.map((module) => routeAssets(bundle, config.root, module))
          const js = [...new Set(assets.flatMap((one) => one.js))]
          const css = [...new Set(assets.flatMap((one) => one.css))]
          const file = path.join(outDir, prerenderedDir, page.address, 'index.html')
          await mkdir(path.dirname(file), { recursive: true })
          await writeFile(file, withPreloads(shell, config.base, { js, css }))
        }
        await writeRouteFiles(
          path.join(outDir, routeFilesJson),
          shell,
          config.base,
          budgets,
          (route) => routeAssets(bundle, config.root, route),
        )
      } finally {
        // The renderer's route chunks load on demand: remove its build only after the pages.
        await rm(rendererDir, { recursive: true, force: true })
      }
      await precompress(outDir)
    },
  }
}

/** Builds the server-side entry into node_modules (so its imports resolve) and loads it. */
async function buildRenderer(config: ResolvedConfig, outDir: string): Promise<RenderPage> {
  await build({
    configFile: config.configFile,
    mode: config.mode,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
    },
  })
  const module = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as {
    renderPage: RenderPage
  }
  return module.renderPage
}

function withPreloads(shell: string, base: string, assets: { js: string[]; css: string[] }) {
  const linked = (file: string) => shell.includes(`${base}${file}"`)
  const links = [
    ...assets.css
      .filter((file) => !linked(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...assets.js
      .filter((file) => !linked(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ]
  return shell.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
}

/** The prerendered page in the shell; `modules` are named for the entry to load after paint. */
function pageDocument(
  shell: string,
  base: string,
  modules: string[],
  html: string,
  pathname: string,
) {
  const root = '<div id="root"></div>'
  if (!shell.includes(root)) throw new Error(`index.html has no ${root} to prerender into`)
  // A form sent before the app has hydrated (or without JavaScript) must not put what was
  // typed, a passcode say, into the address: it is posted, and the server answers with the page.
  const page = html.replaceAll('<form ', '<form method="post" ')
  const preload = modules
    .filter((file) => !shell.includes(`${base}${file}"`))
    .map((file) => `${base}${file}`)
    .join(' ')
  return shell.replace(
    root,
    `<div id="root" data-prerendered="${pathname}" data-preload="${preload}">${page}</div>`,
  )
}

/** For each budget: the files index.html loads (entry, preloads, stylesheet) and its routes'. */
async function writeRouteFiles(
  file: string,
  shell: string,
  base: string,
  budgets: Record<string, string[]>,
  assetsOf: (route: string) => { js: string[]; css: string[] },
) {
  const linked = [...shell.matchAll(/(?:src|href)="([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((address) => address.startsWith(`${base}assets/`))
    .map((address) => address.slice(base.length))
  const files = Object.fromEntries(
    Object.entries(budgets).map(([name, routes]) => {
      const assets = routes.map(assetsOf)
      const all = new Set([...linked, ...assets.flatMap((one) => [...one.js, ...one.css])])
      return [
        name,
        {
          js: [...all].filter((name) => name.endsWith('.js')),
          css: [...all].filter((name) => name.endsWith('.css')),
        },
      ]
    }),
  )
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, `${JSON.stringify(files, null, 2)}\n`)
}

/**
 * The page's CSS (what index.html links, the app's base, and its route's chunks', about 4 KB
 * compressed) goes into the document as one style: the first paint then waits for no request
 * but the page itself.
 */
async function inlineStylesheets(shell: string, outDir: string, base: string, routeCss: string[]) {
  const links = [...shell.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g)]
  if (links.length === 0) throw new Error('index.html links no stylesheet to inline')
  const files = new Set([...links.map((link) => (link[1] ?? '').slice(base.length)), ...routeCss])
  const sheets = await Promise.all(
    [...files].map((file) => readFile(path.join(outDir, file), 'utf8')),
  )
  // Each inlined sheet is also named by a disabled link, which the browser does not fetch: Vite's
  // preload helper, when the router imports the route's chunks, finds it there and does not
  // fetch and apply the same CSS a second time (a full restyle of the page).
  const named = [...files]
    .map((file) => `<link rel="stylesheet" href="${base}${file}" disabled>`)
    .join('\n    ')
  let page = shell.replace(
    links[0]?.[0] ?? '',
    () => `<style>${sheets.join('')}</style>\n    ${named}\n    `,
  )
  for (const link of links.slice(1)) page = page.replace(link[0], '')
  return page
}
