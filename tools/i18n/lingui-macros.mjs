// `tsx --import ./tools/i18n/lingui-macros.mjs …`: Lingui's macros compiled in Node, in English.
import { register } from 'node:module'

register('./lingui-macros-hooks.mjs', import.meta.url)
