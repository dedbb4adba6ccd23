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
        const shell = await readFile(path.join(outDir, 'index.html'), 'utf8')
        const pageShell = await inlineStylesheet(shell, outDir, config.base)
        for (const page of pages) {
          const { html, pathname } = await renderPage(config.base + page.address)
          if (!html) throw new Error(`prerendering /${page.address} drew nothing (a redirect?)`)
          const assets = routeAssets(bundle, config.root, page.route)
          const file = path.join(outDir, prerenderedDir, page.address, 'index.html')
          await mkdir(path.dirname(file), { recursive: true })
          await writeFile(file, pageDocument(pageShell, config.base, assets, html, pathname))
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

function pageDocument(
  shell: string,
  base: string,
  assets: { js: string[]; css: string[] },
  html: string,
  pathname: string,
) {
  const linked = (file: string) => shell.includes(`${base}${file}"`)
  const links = [
    ...assets.css
      .filter((file) => !linked(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...assets.js
      .filter((file) => !linked(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ]
  const root = '<div id="root"></div>'
  if (!shell.includes(root)) throw new Error(`index.html has no ${root} to prerender into`)
  // A form sent before the app has hydrated (or without JavaScript) must not put what was
  // typed, a passcode say, into the address: it is posted, and the server answers with the page.
  const page = html.replaceAll('<form ', '<form method="post" ')
  return shell
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
    .replace(root, `<div id="root" data-prerendered="${pathname}">${page}</div>`)
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
 * The page's one stylesheet (all the app's CSS, about 5 KB compressed) goes into the document:
 * the first paint then waits for no request but the page itself.
 */
async function inlineStylesheet(shell: string, outDir: string, base: string) {
  const link = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(shell)
  if (!link?.[1]) throw new Error('index.html links no stylesheet to inline')
  const css = await readFile(path.join(outDir, link[1].slice(base.length)), 'utf8')
  return shell.replace(link[0], () => `<style>${css}</style>`)
}
