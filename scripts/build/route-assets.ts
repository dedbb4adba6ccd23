import path from 'node:path'
import type { Rolldown } from 'vite'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

/**
 * The JavaScript chunks a route's component needs before it can render (its code-split chunk and
 * everything that chunk imports statically) and their CSS, as build file names. A source under
 * src/routes names a route; any other names a module loaded with `import()` (the contract's
 * src/api/client-wire.ts).
 */
export function routeAssets(bundle: OutputBundle, root: string, routeSource: string) {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const isRoute = routeSource.startsWith('src/routes/')
  const facade = `${path.join(root, routeSource)}${isRoute ? '?tsr-split=component' : ''}`
  const routeChunk = chunks.find((chunk) => chunk.facadeModuleId === facade)
  if (!routeChunk) throw new Error(`no chunk for ${routeSource}`)
  const js = new Set<string>()
  const css = new Set<string>()
  const visit = (chunk: OutputChunk) => {
    if (js.has(chunk.fileName)) return
    js.add(chunk.fileName)
    for (const imported of chunk.imports) {
      const next = byName.get(imported)
      if (next) visit(next)
    }
    // After its imports': a chunk's rules come later in the cascade than those it builds on.
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
  }
  visit(routeChunk)
  return { js: [...js], css: [...css] }
}
