import { i18n } from '@lingui/core'
import { clientStorage } from '#api/client-storage'
import {
  type Language,
  type LanguageChoice,
  languageChoiceOf,
  languageKey,
  languageOf,
} from '#api/languages'
import { showAmountsIn } from '#api/money'
import { askAnswersIn } from '#api/request-language'
import { appCatalog } from './app-catalog'
import { loadCatalog, switchLanguage } from './catalogs'
import { loadServerWords } from './server-words'

const browserLanguages = () => (typeof navigator === 'undefined' ? [] : navigator.languages)

/** The choice kept in this browser (Settings), or the browser's own languages. */
export const languageChoice = (): LanguageChoice => languageChoiceOf(clientStorage.get(languageKey))

/** What the page, its amounts and its dates speak once the language changes. */
i18n.on('change', () => {
  const language = i18n.locale as Language
  showAmountsIn(language)
  askAnswersIn(language)
  if (typeof document !== 'undefined') document.documentElement.lang = language
})

// In a build, a message whose catalog is not loaded shows its id: said in the console, where the
// journeys look for it (test/e2e/spanish.e2e.test.ts). Elsewhere the source text is used.
if (import.meta.env.PROD)
  i18n.on('missing', ({ id, locale }) =>
    console.error(`Lingui: message ${id} missing in ${locale}`),
  )

/** Before the first render: the language of this browser, with the shared catalog loaded. */
export async function startLanguage(language = languageOf(languageChoice(), browserLanguages())) {
  await Promise.all([loadCatalog(appCatalog, language), loadServerWords(language)])
  i18n.activate(language)
}

/** Settings: keeps the choice in this browser and speaks it on every loaded screen at once. */
export async function chooseLanguage(choice: LanguageChoice) {
  if (choice === 'browser') clientStorage.remove(languageKey)
  else clientStorage.set(languageKey, choice)
  const language = languageOf(choice, browserLanguages())
  await loadServerWords(language)
  await switchLanguage(language)
}
