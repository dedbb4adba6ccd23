import { i18n, type Messages } from '@lingui/core'
import type { Language } from '#api/languages'

/** A catalog's compiled messages in each language, each loaded on demand. */
export type Catalog = Readonly<Record<Language, () => Promise<{ messages: Messages }>>>

/** The catalogs this page has used, so a change of language loads each of them again. */
const used = new Set<Catalog>()
const loaded = new Map<Catalog, Set<Language>>()

async function loadIn(catalog: Catalog, language: Language) {
  const languages = loaded.get(catalog) ?? new Set()
  if (languages.has(language)) return
  const { messages } = await catalog[language]()
  i18n.load(language, messages)
  languages.add(language)
  loaded.set(catalog, languages)
}

/** Loads `catalog` in the language in use: a section's route loads its own beside its data. */
export function loadCatalog(catalog: Catalog, language = i18n.locale as Language): Promise<void> {
  used.add(catalog)
  return loadIn(catalog, language)
}

/** A route loader that loads the section's catalog beside its data, and answers with the data. */
export function withCatalog<Args extends unknown[], Data>(
  catalog: Catalog,
  loader: (...args: Args) => Data | Promise<Data>,
): (...args: Args) => Promise<Data> {
  return async (...args) => {
    const [data] = await Promise.all([loader(...args), loadCatalog(catalog)])
    return data
  }
}

/** Loads every catalog the page has used in `language`, then speaks it. */
export async function switchLanguage(language: Language): Promise<void> {
  await Promise.all([...used].map((catalog) => loadIn(catalog, language)))
  i18n.activate(language)
}
