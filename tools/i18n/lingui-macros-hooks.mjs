import { transformAsync } from '@babel/core'

const macroImport = /from\s*['"]@lingui\/(core|react)\/macro['"]/

/**
 * Node's load hook for scripts run with tsx (`npm run flows`): a module that imports one of
 * Lingui's macros gets them compiled to runtime calls, as scripts/build/lingui-macros.ts does
 * for Vite, after tsx has made it JavaScript (docs/decisions/090).
 */
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context)
  if (!url.startsWith('file:') || url.includes('/node_modules/') || !result.source) return result
  const code = String(result.source)
  if (!macroImport.test(code)) return result
  const compiled = await transformAsync(code, {
    filename: new URL(url).pathname,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['jsx', 'typescript'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  })
  return { ...result, source: compiled?.code ?? code }
}
