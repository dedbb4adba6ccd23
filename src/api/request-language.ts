import { clientStorage } from './client-storage'
import { type Language, languageChoiceOf, languageKey } from './languages'

/**
 * The language the portal's calls ask the server to answer in (docs/decisions/091): the page's,
 * which src/i18n/language.ts sets on each change. Before that (the boot script's early calls),
 * the choice kept in this browser; with none, no header of ours, and the browser's own
 * Accept-Language, its languages in order, says the same as the page will.
 */
let spoken: Language | null = null

/** The page speaks `language` from now on: every call asks for it. */
export function askAnswersIn(language: Language) {
  spoken = language
}

/** The headers that ask for the page's language, for every fetch of the API. */
export function languageHeaders(): Record<string, string> {
  const kept = languageChoiceOf(clientStorage.get(languageKey))
  const language = spoken ?? (kept === 'browser' ? null : kept)
  return language ? { 'Accept-Language': language } : {}
}
