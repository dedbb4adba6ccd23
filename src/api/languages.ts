import type { ClientKey } from './client-storage'

/**
 * The languages the portal speaks (docs/decisions/090): English, the spec's words, and Spanish.
 * Shared with the server, which answers and writes e-mails in the customer's language.
 */
export const languages = ['en', 'es'] as const

export type Language = (typeof languages)[number]

/** A choice in Settings: the browser's languages, or one of ours whatever the browser says. */
export type LanguageChoice = 'browser' | Language

/** Where the choice is kept (src/api/client-storage.ts); nothing is kept for `browser`. */
export const languageKey = 'language' satisfies ClientKey

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** A stored value as a choice: anything but a language of ours is the browser's. */
export function languageChoiceOf(stored: string | null): LanguageChoice {
  return isLanguage(stored) ? stored : 'browser'
}

/**
 * The first of `preferred` (the browser's `navigator.languages`, or an Accept-Language header's
 * tags in order) that we speak, by its primary subtag ("es-MX" is Spanish); else English.
 */
export function languageFrom(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (isLanguage(primary)) return primary
  }
  return 'en'
}

/** The language a choice gives in a browser that prefers `preferred`. */
export function languageOf(choice: LanguageChoice, preferred: readonly string[]): Language {
  return choice === 'browser' ? languageFrom(preferred) : choice
}

/**
 * The tags of an Accept-Language header, most preferred first ("es-ES,es;q=0.9,en;q=0.8").
 * Entries with q=0 are refused by the sender and dropped.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.trim().split(';')
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.trim(), quality: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag)
}

/** The `Intl` locale each language formats numbers and dates with. */
export const intlLocale: Record<Language, string> = { en: 'en-GB', es: 'es-ES' }
