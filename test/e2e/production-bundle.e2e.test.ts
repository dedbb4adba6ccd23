import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../tools/flows/load-flows'

/**
 * The production build (dist/, built by `npm run test:e2e` before this runs) contains neither
 * the Stately inspector nor the flow explorer: not in the code and not among the sources of
 * its source maps. (main.tsx's own text, kept in its source map, names src/dev/inspect in the
 * development-only line that the build removes.)
 */

const distDir = path.join(projectRoot, 'dist')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

/** Strings only the development tools contain, each with a file that proves it is real. */
const markers = [
  { marker: 'portal-dev-inspector', source: 'src/dev/inspect.ts' },
  { marker: 'createBrowserInspector', source: 'node_modules/@statelyai/inspect/dist/index.mjs' },
  { marker: 'stately.ai/inspect', source: 'node_modules/@statelyai/inspect/dist/index.mjs' },
  { marker: 'data-flow-explorer', source: 'src/dev/flow-explorer/explorer-app.tsx' },
  { marker: 'Flow explorer', source: 'src/dev/flow-explorer/index.html' },
  { marker: 'stateDiagram-v2', source: 'src/dev/flows/mermaid.ts' },
  { marker: 'mermaid.render', source: 'src/dev/flow-explorer/render-mermaid.ts' },
]

/** Sources that must not be in any source map of the build. */
const forbiddenSources = [/src\/dev\//, /@statelyai\/inspect/, /node_modules\/mermaid\//]

describe('the production bundle', () => {
  const files = filesUnder(distDir)
  const maps = files.filter((file) => file.endsWith('.map'))
  const relative = (file: string) => path.relative(projectRoot, file)

  it('is built, with its source maps', () => {
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true)
    expect(files.some((file) => file.endsWith('.js'))).toBe(true)
    expect(maps.length).toBeGreaterThan(0)
  })

  for (const { marker, source } of markers) {
    it(`has no "${marker}" in its files or source maps`, () => {
      expect(readFileSync(path.join(projectRoot, source), 'utf8')).toContain(marker)
      const found = files.filter((file) => readFileSync(file, 'utf8').includes(marker))
      expect(found.map(relative)).toEqual([])
    })
  }

  it('has no development module in its code', () => {
    const code = files.filter((file) => !file.endsWith('.map'))
    const found = code.filter((file) =>
      /dev\/inspect|flow-explorer/.test(readFileSync(file, 'utf8')),
    )
    expect(found.map(relative)).toEqual([])
  })

  it('builds nothing from src/dev, @statelyai/inspect or mermaid (source map sources)', () => {
    const sources = maps.flatMap(
      (file) => (JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] }).sources,
    )
    expect(sources.some((source) => source.includes('src/main.tsx'))).toBe(true)
    expect(
      sources.filter((source) => forbiddenSources.some((pattern) => pattern.test(source))),
    ).toEqual([])
  })

  describe('the signed-out pages’ first load (docs/decisions/053, 054)', () => {
    const routeFiles = JSON.parse(
      readFileSync(path.join(distDir, '.vite', 'route-files.json'), 'utf8'),
    ) as Record<string, { js: string[]; css: string[] }>
    const pages = {
      login: 'prerendered/index.html',
      signup: 'prerendered/account/signup/index.html',
    }

    for (const [route, page] of Object.entries(pages)) {
      it(`${route}: carries neither the contract's schemas, valibot nor ofetch`, () => {
        const files = routeFiles[route]?.js ?? []
        expect(files.length).toBeGreaterThan(5)
        // Rolldown's runtime helper has no map (no source of ours in it).
        const maps = files.map((file) => path.join(distDir, `${file}.map`)).filter(existsSync)
        expect(maps.length).toBe(files.length - 1)
        const sources = maps.flatMap(
          (map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources,
        )
        expect(sources.some((source) => source.includes('src/api/contract/field-rules.ts'))).toBe(
          true,
        )
        const contract = /node_modules\/(valibot|ofetch)\/|src\/api\/contract\/(?!field-rules)/
        expect(sources.filter((source) => contract.test(source))).toEqual([])
      })

      it(`${route}: its document holds none of the signed-in screens' CSS`, () => {
        const html = readFileSync(path.join(distDir, page), 'utf8')
        const own = new Set(routeFiles[route]?.css)
        const signedIn = (routeFiles.dashboard?.css ?? []).filter((file) => !own.has(file))
        expect(signedIn.length).toBeGreaterThan(0)
        for (const file of signedIn) {
          const css = readFileSync(path.join(distDir, file), 'utf8')
          expect(html.includes(css.slice(0, 200)), file).toBe(false)
        }
        for (const file of own)
          expect(html).toContain(readFileSync(path.join(distDir, file), 'utf8').slice(0, 200))
      })
    }
  })
})
