import { describe, expect, it } from 'vitest'
import { countries, listCountries, notCountries } from '#api/countries'

describe('country list', () => {
  const list = listCountries()
  const codes = list.map((country) => country.code)

  it('has about 240 entries (ISO 3166-1 and Kosovo)', () => {
    expect(list.length).toBeGreaterThanOrEqual(240)
    expect(list.length).toBeLessThanOrEqual(252)
  })

  it('names each country once, under its current code', () => {
    expect(new Set(codes).size).toBe(codes.length)
    expect(new Set(list.map((country) => country.name)).size).toBe(list.length)
    for (const old of ['DD', 'SU', 'UK', 'YU', 'ZR', 'AN', 'BU', 'TP'])
      expect(codes).not.toContain(old)
    expect(list).toContainEqual({ code: 'DE', name: 'Germany' })
    expect(list).toContainEqual({ code: 'GB', name: 'United Kingdom' })
    expect(list).toContainEqual({ code: 'US', name: 'United States' })
  })

  it('leaves out groupings, private-use and exceptionally reserved codes', () => {
    for (const code of notCountries) expect(codes).not.toContain(code)
    for (const name of ['European Union', 'United Nations', 'Unknown Region', 'Eurozone']) {
      expect(list.map((country) => country.name)).not.toContain(name)
    }
  })

  it('keeps territories customers live in', () => {
    for (const code of ['HK', 'PR', 'GI', 'JE', 'XK', 'PS', 'TW']) expect(codes).toContain(code)
  })

  it('is sorted by name and built once', () => {
    const names = list.map((country) => country.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare))
    expect(countries()).toBe(countries())
    expect(countries()).toEqual(list)
  })
})
