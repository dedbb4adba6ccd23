import { i18n } from '@lingui/core'
import type { Language } from '#api/languages'

type Words = typeof import('#api/words')

/** The table of the server's and the contract's words, fetched when a page speaks Spanish. */
let words: Words | undefined

/** Before a page speaks `language`: its table of the server's words, for a language not English. */
export async function loadServerWords(language: Language) {
  if (language !== 'en') words ??= await import('#api/words')
}

/**
 * An English text of the server or the contract (a field rule's message, the generic failure) in
 * the page's language, through the table the server answers with (docs/decisions/091). Shown
 * texts go through it where they are drawn (a field's error, an alert box); a text already in the
 * page's language, or one the table does not know (a name), is left as it is. English pages never
 * fetch the table.
 */
export const inPageLanguage = (text: string) =>
  words ? words.wordsIn(i18n.locale as Language, text) : text
