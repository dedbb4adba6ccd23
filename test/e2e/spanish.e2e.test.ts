import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import {
  demoCustomer,
  expectAccessible,
  openPage,
  signInDemoCustomer,
  widths,
} from './support/signed-in'

/**
 * The portal in Spanish (issue 20, docs/decisions/090 and 091). A browser that prefers Spanish
 * gets the portal in Spanish from the login on: the screens' words, the server's answers, the
 * amounts written the Spanish way; then the dashboard in Spanish in light and in dark, with axe
 * and screenshots at 390 and 1280 px. A browser that prefers English switches in Settings, and
 * the choice is kept across a reload and a logout. The other journeys check the English.
 */

const shooter = screenshots('spanish')

const language = (page: Page) => page.evaluate(() => document.documentElement.lang)

/** The words Lingui logs when a message has no text in the catalogs loaded. */
function missingMessages(page: Page) {
  const missing: string[] = []
  page.on('console', (message) => {
    if (/message/i.test(message.text()) && /missing|not loaded/i.test(message.text()))
      missing.push(message.text())
  })
  return missing
}

describe('a browser that prefers Spanish', () => {
  const session: ChromiumSession = useChromiumSession(
    widths.desktop,
    {},
    { contextOptions: { locale: 'es-ES' } },
  )

  it('signs in in Spanish: the screens, the refusal the server answers, the dashboard', async () => {
    const { page } = session
    const missing = missingMessages(page)
    await page.goto(`${session.portal.url}/account/login`)
    // The page is prerendered in English; the app draws it again in the browser's language.
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
    expect(await language(page)).toBe('es')
    await page.getByLabel('Dirección de correo electrónico').fill(demoCustomer?.email ?? '')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await page.getByLabel('Código de acceso').fill('000000')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    // The server's refusal, answered in the request's language.
    await page.getByText(/^Credenciales no válidas/).waitFor()
    await expectAccessible(page)

    await page.getByLabel('Código de acceso').fill(demoCustomer?.secret ?? '')
    await page.getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.getByText('Saldo disponible').first().waitFor({ timeout: 20_000 })
    // Amounts the Spanish way: "1.234,50 $".
    const balance = await page
      .getByText(/\d,\d{2}\s\$/)
      .first()
      .textContent()
    expect(balance).toMatch(/^-?[\d.]+,\d{2}\s\$$/)
    expect(missing).toEqual([])
  })
})

describe('the dashboard in Spanish, light and dark', () => {
  for (const [device, viewport] of Object.entries(widths)) {
    describe(`at ${viewport.width} px`, () => {
      const session: ChromiumSession = useChromiumSession(
        viewport,
        {},
        { contextOptions: { locale: 'es-ES' } },
      )
      const shoot = shooter(session, viewport.width)

      it('draws the home, the statements and Settings in Spanish in both themes, with AA contrast', async () => {
        const { page } = session
        const missing = missingMessages(page)
        await signInDemoCustomer(session)
        const screens: Array<[string, string]> = [
          ['/dashboard/statements', 'Extractos e informes'],
          ['/dashboard/settings', 'Ajustes'],
        ]
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme })
          await page.goto(`${session.portal.url}/dashboard`)
          await page.getByText('Saldo disponible').first().waitFor()
          expect(await language(page)).toBe('es')
          await expectAccessible(page)
          await shoot(`home-${scheme}-${device}`)
          for (const [address, heading] of screens) {
            await openPage(session, address, heading)
            await expectAccessible(page)
            await shoot(`${address.split('/').pop()}-${scheme}-${device}`)
          }
        }
        expect(missing).toEqual([])
      })
    })
  }
})

describe('the Language switch in Settings', () => {
  const session: ChromiumSession = useChromiumSession(widths.desktop)

  it('speaks Spanish at once, after a reload and after a logout', async () => {
    const { page } = session
    await signInDemoCustomer(session)
    await openPage(session, '/dashboard/settings', 'Settings')
    expect(await language(page)).toBe('en')
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('radio', { name: 'Español' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor()
    expect(await language(page)).toBe('es')

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor()
    const choice = page.getByRole('group', { name: 'Idioma' })
    expect(await choice.getByRole('radio', { name: 'Español' }).isChecked()).toBe(true)

    // Logout keeps the browser's language, as it keeps the appearance (decisions 086, 090).
    await page.getByRole('button', { name: 'Menú de perfil de Dana Morgan' }).click()
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor()
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('es')
  })

  it("goes back to the browser's language, English here", async () => {
    const { page } = session
    await session.context.addInitScript(() => window.localStorage.setItem('language', 'es'))
    await signInDemoCustomer(session)
    await openPage(session, '/dashboard/settings', 'Ajustes')
    await page
      .getByRole('group', { name: 'Idioma' })
      .getByRole('radio', { name: 'Idioma del navegador' })
      // A click, not check(): the screen is drawn again in the new language, the radio with it.
      .click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    expect(await language(page)).toBe('en')
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBeNull()
  })
})
