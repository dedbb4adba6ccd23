import { i18n } from '@lingui/core'
import type { Language } from '#api/languages'
import { wordsIn } from '#api/words'

/**
 * An English text of the server or the contract (a field rule's message, a predicate) in the
 * page's language, through the table the server answers with (docs/decisions/091). Call it where
 * the text is shown, never at a module's top level. Its own module: the table (src/api/words-es.ts)
 * loads only with a screen that shows such a text.
 */
export const inPageLanguage = (english: string) => wordsIn(i18n.locale as Language, english)
