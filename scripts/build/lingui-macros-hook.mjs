import { transformAsync } from '@babel/core'

const macroImport = /from\s*['"]@lingui\/(core|react)\/macro['"]/

/** Node's module hook: a file that imports a Lingui macro goes through Lingui's Babel plugin. */
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context)
  if (!url.startsWith('file:') || url.includes('/node_modules/') || result.source == null) {
    return result
  }
  const code =
    typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source)
  if (!macroImport.test(code)) return result
  const transformed = await transformAsync(code, {
    filename: new URL(url).pathname,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['jsx', 'typescript'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  })
  return { ...result, source: transformed?.code ?? code }
}
