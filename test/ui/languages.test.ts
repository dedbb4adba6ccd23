import { describe, expect, it } from 'vitest'
import { acceptedLanguages, languageChoiceOf, languageFrom, languageOf } from '#api/languages'

describe('the language of a browser', () => {
  it('is the first preferred tag we speak, by its primary subtag, else English', () => {
    expect(languageFrom(['es-MX', 'en-US'])).toBe('es')
    expect(languageFrom(['fr-FR', 'ES_es', 'en'])).toBe('es')
    expect(languageFrom(['en-GB', 'es'])).toBe('en')
    expect(languageFrom([' es '])).toBe('es')
    expect(languageFrom(['fr', 'de-DE'])).toBe('en')
    expect(languageFrom([])).toBe('en')
  })

  it("follows the browser for the browser's choice, and not otherwise", () => {
    expect(languageOf('browser', ['es-ES'])).toBe('es')
    expect(languageOf('browser', ['fr'])).toBe('en')
    expect(languageOf('en', ['es-ES'])).toBe('en')
    expect(languageOf('es', ['en-GB'])).toBe('es')
  })

  it("reads only a language of ours as a kept choice; anything else is the browser's", () => {
    expect(languageChoiceOf('es')).toBe('es')
    expect(languageChoiceOf('en')).toBe('en')
    for (const other of [null, '', 'browser', 'ES', 'fr'])
      expect(languageChoiceOf(other)).toBe('browser')
  })
})

describe('the tags of an Accept-Language header', () => {
  it('orders them by quality, the header order breaking ties', () => {
    expect(acceptedLanguages('es-ES,es;q=0.9,en;q=0.8')).toEqual(['es-ES', 'es', 'en'])
    expect(acceptedLanguages('en;q=0.5, es;q=0.8, fr')).toEqual(['fr', 'es', 'en'])
    expect(acceptedLanguages('de;q=0.7,es;q=0.7')).toEqual(['de', 'es'])
  })

  it('drops refused tags (q=0), the wildcard and empty entries', () => {
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en'])
    expect(acceptedLanguages('*, es;q=0.5,,')).toEqual(['es'])
    expect(acceptedLanguages('')).toEqual([])
    expect(acceptedLanguages(null)).toEqual([])
    expect(acceptedLanguages(undefined)).toEqual([])
  })

  it('gives the language a header asks for', () => {
    expect(languageFrom(acceptedLanguages('fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7'))).toBe('es')
    expect(languageFrom(acceptedLanguages('es;q=0,en;q=0.5'))).toBe('en')
  })
})
