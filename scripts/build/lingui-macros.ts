import { transformAsync } from '@babel/core'
import type { Plugin } from 'vite'

const macroImport = /from ['"]@lingui\/(core|react)\/macro['"]/

/**
 * Lingui's macros (`<Trans>`, `t`, `plural`, `msg`) turned into runtime calls with the message's
 * id, before Vite's own TypeScript and JSX transform. Lingui's Vite integration does this through
 * @rolldown/plugin-babel, which needs Node 22; this is the same Babel plugin, called only for the
 * files that import a macro (docs/decisions/090).
 */
export function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '') || !macroImport.test(code)) return
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['jsx', 'typescript'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      })
      if (!result?.code) throw new Error(`Lingui's macros left nothing of ${id}`)
      return { code: result.code, map: result.map }
    },
  }
}
