import type { Context } from 'hono'
import { acceptedLanguages, type Language, languageFrom } from '#api/languages'
import { wordsIn } from '#api/words'

/** The language a customer's call asks in: its Accept-Language, else English (decision 091). */
export const requestLanguage = (c: Context): Language =>
  languageFrom(acceptedLanguages(c.req.header('accept-language')))

/** The fields of an answer a customer reads as words; every other field is data, kept as is. */
const wordFields = new Set(['message', 'message1', 'head', 'body', 'title', 'reason', 'what'])

/**
 * An answer in `language`: the handlers write the spec's English, and here, at the edge, each
 * of its words fields (at any depth: a step-up's head and body, a notification's title) becomes
 * the Spanish of src/api/words-es.ts. A text the table does not know (a name, a note the staff
 * typed) stays as written. English answers are returned untouched; the shape never changes.
 */
export function answerIn<T>(language: Language, answer: T): T {
  if (language === 'en') return answer
  return inWords(language, answer, false) as T
}

function inWords(language: Language, value: unknown, isWords: boolean): unknown {
  if (typeof value === 'string') return isWords ? wordsIn(language, value) : value
  if (Array.isArray(value)) return value.map((item) => inWords(language, item, false))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, inWords(language, item, wordFields.has(key))]),
  )
}
