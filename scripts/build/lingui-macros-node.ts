import { register } from 'node:module'

/**
 * For tools run with tsx that load the statecharts (`npm run flows`): Lingui's macros turned into
 * runtime calls in Node, as scripts/build/lingui-macros.ts does in Vite, with English active.
 * Use: `tsx --import ./scripts/build/lingui-macros-node.ts <script>`.
 */
register('./lingui-macros-hook.mjs', import.meta.url)
const { i18n } = await import('@lingui/core')
i18n.loadAndActivate({ locale: 'en', messages: {} })
