import type * as Library from '@testing-library/react'
import { vi } from 'vitest'
import { LanguageProvider } from '#i18n/language-provider'
import './english.setup'

// Every screen under test is drawn inside the app's LanguageProvider, as main.tsx draws the app:
// Lingui's <Trans> reads its language from there.
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof Library>()
  const render = (ui: Parameters<typeof library.render>[0], options?: Library.RenderOptions) =>
    library.render(ui, { wrapper: LanguageProvider, ...options })
  return { ...library, render }
})
