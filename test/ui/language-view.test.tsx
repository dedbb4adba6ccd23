import { i18n } from '@lingui/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clientStorage } from '#api/client-storage'
import { call } from '#api/session-client'
import { loadCatalog } from '#i18n/catalogs'
import { chooseLanguage } from '#i18n/language'
import { LanguageView } from '#routes/dashboard/settings/-components/language-view'
import { settingsCatalog } from '#routes/dashboard/settings/-locales/catalog'

// The real chooseLanguage (it keeps the choice and speaks it), watched.
vi.mock('#i18n/language', async (importOriginal) => {
  const real = await importOriginal<typeof import('#i18n/language')>()
  return { ...real, chooseLanguage: vi.fn(real.chooseLanguage) }
})

// The call that keeps the page's language as the customer's, for the bank's e-mails.
vi.mock('#api/session-client', () => ({ call: vi.fn(async () => ({ language: 'es' })) }))

beforeEach(async () => {
  localStorage.clear()
  // Settings' words, as its route's loader loads them.
  await loadCatalog(settingsCatalog)
})

afterEach(async () => {
  cleanup()
  await act(() => chooseLanguage('browser'))
  i18n.activate('en')
  vi.mocked(chooseLanguage).mockClear()
  vi.mocked(call).mockClear()
})

const option = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement

describe("Settings' language choice", () => {
  it("offers the browser's language, English and Español, the browser's chosen at first", () => {
    render(<LanguageView />)
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy()
    expect(option("Browser's language").checked).toBe(true)
    expect(option('English').checked).toBe(false)
    expect(option('Español').checked).toBe(false)
  })

  it('speaks Spanish once Español is chosen, keeps the choice, and comes back to English', async () => {
    render(<LanguageView />)
    await act(async () => fireEvent.click(option('Español')))
    expect(chooseLanguage).toHaveBeenCalledWith('es')
    expect(clientStorage.get('language')).toBe('es')
    // The words change; each language keeps its own name.
    // The Spanish catalog is imported on the choice: on a loaded machine that takes a while.
    expect(await screen.findByRole('heading', { name: 'Idioma' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeTruthy()
    expect(option('Español').checked).toBe(true)
    expect(option('Idioma del navegador').checked).toBe(false)
    expect(document.documentElement.lang).toBe('es')
    // Sent once the page speaks Spanish: its Accept-Language is what the server keeps.
    expect(call).toHaveBeenCalledWith('keepLanguage', {})

    await act(async () => fireEvent.click(option('English')))
    expect(chooseLanguage).toHaveBeenLastCalledWith('en')
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeTruthy()
    expect(option('English').checked).toBe(true)
    expect(clientStorage.get('language')).toBe('en')
  })

  it("forgets the kept language when the browser's is chosen again", async () => {
    clientStorage.set('language', 'es')
    render(<LanguageView />)
    expect(option('Español').checked).toBe(true)
    await act(async () => fireEvent.click(option("Browser's language")))
    expect(chooseLanguage).toHaveBeenCalledWith('browser')
    expect(clientStorage.get('language')).toBeNull()
  })
})
