import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  appearanceOf,
  appearanceScript,
  appearances,
  markAppearance,
  schemeOf,
} from '#api/appearance'
import { clientStorage } from '#api/client-storage'
import { chooseAppearance, storedAppearance, useColourScheme } from '#ui/appearance'
import { AppearanceChoice } from '#ui/appearance-choice'

const root = () => document.documentElement

/**
 * The device's `prefers-color-scheme: dark`, as a page's matchMedia reports it: `set` changes
 * it and tells the listeners, as a device switched to dark at dusk does.
 */
function systemPrefersDark(initial: boolean) {
  let dark = initial
  const listeners = new Set<() => void>()
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        get matches() {
          return query === '(prefers-color-scheme: dark)' && dark
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  )
  return {
    set(value: boolean) {
      dark = value
      for (const listener of listeners) listener()
    },
  }
}

/** Runs the pages' head script as the browser does, before anything else on the page. */
const runHeadScript = () => new Function(appearanceScript)()

beforeEach(() => {
  localStorage.clear()
  delete root().dataset.theme
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the appearance choice', () => {
  it('reads only light and dark as a choice; anything else is the system', () => {
    expect(appearanceOf('light')).toBe('light')
    expect(appearanceOf('dark')).toBe('dark')
    for (const other of [null, '', 'system', 'Dark', 'purple'])
      expect(appearanceOf(other)).toBe('system')
  })

  it('follows the device under System and the choice otherwise', () => {
    expect(appearances.map((choice) => [schemeOf(choice, false), schemeOf(choice, true)])).toEqual([
      ['light', 'dark'],
      ['light', 'light'],
      ['dark', 'dark'],
    ])
  })

  it('marks the page with light or dark, and nothing for the system', () => {
    markAppearance(root(), 'dark')
    expect(root().dataset.theme).toBe('dark')
    markAppearance(root(), 'light')
    expect(root().dataset.theme).toBe('light')
    markAppearance(root(), 'system')
    expect(root().hasAttribute('data-theme')).toBe(false)
  })

  it('keeps light or dark in this browser, and nothing for the system', () => {
    chooseAppearance('dark')
    expect(localStorage.getItem('appearance')).toBe('dark')
    expect(root().dataset.theme).toBe('dark')
    expect(storedAppearance()).toBe('dark')
    chooseAppearance('system')
    expect(localStorage.getItem('appearance')).toBeNull()
    expect(root().hasAttribute('data-theme')).toBe(false)
    expect(storedAppearance()).toBe('system')
  })

  it('outlives logout, which clears every other key', () => {
    chooseAppearance('light')
    clientStorage.setSessionToken('token', true)
    clientStorage.clearAll()
    expect(clientStorage.sessionToken()).toBeNull()
    expect(storedAppearance()).toBe('light')
  })
})

describe("the pages' head script", () => {
  it('marks the page with the stored choice before anything is drawn', () => {
    localStorage.setItem('appearance', 'dark')
    runHeadScript()
    expect(root().dataset.theme).toBe('dark')
  })

  it('leaves the system to decide when nothing, or something else, is stored', () => {
    runHeadScript()
    expect(root().hasAttribute('data-theme')).toBe(false)
    localStorage.setItem('appearance', '"><img src=x>')
    runHeadScript()
    expect(root().hasAttribute('data-theme')).toBe(false)
  })

  it('leaves the system to decide when storage refuses to be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(runHeadScript).not.toThrow()
    expect(root().hasAttribute('data-theme')).toBe(false)
  })
})

function SchemeProbe() {
  return <output aria-label="scheme">{useColourScheme()}</output>
}

describe('the Appearance switch', () => {
  it('shows the kept choice, and applies and keeps a new one at once', () => {
    systemPrefersDark(false)
    localStorage.setItem('appearance', 'light')
    render(<AppearanceChoice />)
    const group = screen.getByRole('group', { name: 'Appearance' })
    expect(group).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true)
    expect(root().dataset.theme).toBe('dark')
    expect(localStorage.getItem('appearance')).toBe('dark')
    fireEvent.click(screen.getByRole('radio', { name: 'System' }))
    expect(root().hasAttribute('data-theme')).toBe(false)
    expect(localStorage.getItem('appearance')).toBeNull()
  })

  it("under System, the page's scheme follows the device as it changes", () => {
    const system = systemPrefersDark(false)
    render(
      <>
        <AppearanceChoice />
        <SchemeProbe />
      </>,
    )
    const scheme = screen.getByRole('status', { name: 'scheme' })
    expect(scheme.textContent).toBe('light')
    act(() => system.set(true))
    expect(scheme.textContent).toBe('dark')
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }))
    expect(scheme.textContent).toBe('light')
    act(() => system.set(false))
    act(() => system.set(true))
    expect(scheme.textContent).toBe('light')
  })

  it('follows a choice made in another tab', () => {
    systemPrefersDark(false)
    render(<SchemeProbe />)
    const scheme = screen.getByRole('status', { name: 'scheme' })
    localStorage.setItem('appearance', 'dark')
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'appearance', newValue: 'dark' }))
    })
    expect(scheme.textContent).toBe('dark')
    expect(root().dataset.theme).toBe('dark')
  })
})
