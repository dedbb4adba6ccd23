/**
 * The country list of the KYC form (spec section 9: "Country list about 240 entries"), built
 * from the runtime's own region names rather than a copied table:
 *
 * every two-letter code AA..ZZ that `Intl.DisplayNames(['en'], { type: 'region' })` resolves to
 * a real name (not the code echoed back), minus
 * - deprecated codes the runtime maps to a newer one (DD -> DE, SU -> RU, UK -> GB, ...),
 *   found with `Intl.getCanonicalLocales`, so each country appears once under its current code;
 * - codes that are not countries or territories of ISO 3166-1: groupings and private-use or
 *   exceptionally reserved codes (listed in `notCountries`).
 *
 * With current ICU data this gives the 249 ISO 3166-1 entries plus Kosovo (XK), sorted by name.
 */

export interface Country {
  /** ISO 3166-1 alpha-2 code (XK for Kosovo). */
  code: string
  /** English name, as the form sends it in `country`. */
  name: string
}

/** Codes DisplayNames knows that are not countries or territories of their own. */
export const notCountries = new Set([
  'EU', // European Union
  'EZ', // Eurozone
  'UN', // United Nations
  'QO', // Outlying Oceania
  'XA', // pseudo-locale: accents
  'XB', // pseudo-locale: bidi
  'ZZ', // unknown region
  // exceptionally reserved codes for parts of other countries
  'AC', // Ascension Island (Saint Helena)
  'CP', // Clipperton Island (France)
  'CQ', // Sark (Guernsey)
  'DG', // Diego Garcia (British Indian Ocean Territory)
  'EA', // Ceuta & Melilla (Spain)
  'IC', // Canary Islands (Spain)
  'TA', // Tristan da Cunha (Saint Helena)
])

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

function isCurrentCode(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`
  } catch {
    return false
  }
}

/** Every country with its English name, sorted by name. */
export function listCountries(locale = 'en'): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })
  const countries: Country[] = []
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second
      if (notCountries.has(code) || !isCurrentCode(code)) continue
      let name: string | undefined
      try {
        name = names.of(code)
      } catch {
        name = undefined
      }
      if (name && name !== code) countries.push({ code, name })
    }
  }
  const collator = new Intl.Collator(locale)
  return countries.sort((a, b) => collator.compare(a.name, b.name))
}

let cached: Country[] | undefined

/** The list, built once on first use. */
export function countries(): Country[] {
  cached ??= listCountries()
  return cached
}

let codes: Set<string> | undefined

/** Whether `code` is the ISO 3166-1 alpha-2 code of a country of the list (XK for Kosovo). */
export function isCountryCode(code: string): boolean {
  codes ??= new Set(countries().map((country) => country.code))
  return codes.has(code)
}

const named = new Map<string, Country[]>()

/**
 * The same countries named in `locale` by `Intl.DisplayNames` and sorted in its order: what a
 * form offers when it sends the code (the KYC form's issuing country), not the English name.
 */
export function countriesIn(locale: string): Country[] {
  let list = named.get(locale)
  if (!list) {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
    const collator = new Intl.Collator(locale)
    list = countries()
      .map(({ code }) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name))
    named.set(locale, list)
  }
  return list
}

/** A country's name in `locale` from its code, or the code itself when it names none. */
export function countryNameIn(locale: string, code: string): string {
  return countriesIn(locale).find((country) => country.code === code)?.name ?? code
}
