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

/** Screenshots of every section at both widths. */
const shooter = screenshots('signed-in')

/** The side menu: the sidebar on a desktop, the drawer behind "Open menu" on a phone. */
async function openMenu(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await menu.waitFor()
  return menu
}

async function closeMenu(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Close menu' }).click()
}

for (const [device, viewport] of Object.entries(widths)) {
  const phone = device === 'phone'

  describe(`signed-in sections in Chromium at ${viewport.width} px`, () => {
    const session: ChromiumSession = useChromiumSession(viewport)

    const open = (path: string, heading: string) => openPage(session, path, heading)

    const shoot = shooter(session, viewport.width)

    it('takes Receive to add-funds/it and Topup to add-funds from the quick actions', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard', 'Dana Morgan')
      const page = session.page
      const actions = page.getByRole('navigation', { name: 'Quick actions' })
      await actions.getByRole('link', { name: 'Receive' }).click()
      await page.waitForURL(`${session.portal.url}/dashboard/add-funds/it`)
      await page.getByRole('heading', { name: 'Your Details' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/wp-user/dashboard/add-funds/it')
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        'Institutional Transfer',
      )
      expect(await page.getByRole('region', { name: 'Your Details' }).innerText()).toContain(
        'MRDNUS33',
      )
      await page.goBack()
      await actions.getByRole('link', { name: 'Topup' }).click()
      await page.waitForURL(`${session.portal.url}/dashboard/add-funds`)
      await page.getByRole('heading', { level: 1, name: 'Add Funds' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/wp-user/dashboard/add-funds')
      expect(await page.getByRole('main').getByRole('listitem').count()).toBe(5)
    })

    it('lists the five ways to add funds; only crypto and institutional transfer lead on', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard/add-funds', 'Add Funds')
      const methods = session.page.getByRole('main').getByRole('listitem')
      expect(await methods.allInnerTexts()).toEqual([
        expect.stringMatching(
          /^Bank Transfer\s+From an account at another bank\s+Not available for your region$/,
        ),
        expect.stringMatching(/^Card\s+Debit or credit card\s+Not available for your region$/),
        expect.stringMatching(
          /^Cash deposit\s+At a branch or partner agent\s+Not available for your region$/,
        ),
        expect.stringMatching(/^Crypto Deposit\s+Send coins to your deposit address\s+Available$/),
        expect.stringMatching(/^Institutional Transfer\s+.+\s+Available$/),
      ])
      const main = session.page.getByRole('main')
      const links = main.getByRole('link')
      expect(await links.count()).toBe(2)
      await expectAccessible(session.page)
      await shoot('add-funds')
      await main.getByRole('link', { name: /Crypto Deposit/ }).click()
      await session.page.waitForURL(`${session.portal.url}/dashboard/add-funds/crypto`)
      await session.page.getByRole('heading', { level: 1, name: 'Crypto Deposit' }).waitFor()
    })

    it('shows the institutional details with a copy button each', async () => {
      await signInDemoCustomer(session)
      await session.context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await open('/dashboard/add-funds/it', 'Institutional Transfer')
      const details = session.page.getByRole('region', { name: 'Your Details' })
      const text = await details.innerText()
      expect(text).toContain('dana')
      expect(text).toContain('MRDNUS33')
      expect(text).toContain('021000089')
      expect(text).toContain('United States')
      for (const name of ['username', 'account number', 'swift code', 'routing number', 'country'])
        await details.getByRole('button', { name: `Copy ${name}` }).waitFor()
      await expectAccessible(session.page)
      await shoot('add-funds-it')

      await details.getByRole('button', { name: 'Copy swift code' }).click()
      await session.page.getByText('Copied to clipboard').first().waitFor()
      expect(await session.page.evaluate(() => navigator.clipboard.readText())).toBe('MRDNUS33')
      // Keyboard: the next copy button is reached with Tab and pressed with Enter.
      await session.page.keyboard.press('Tab')
      await session.page.keyboard.press('Enter')
      await expect
        .poll(() => session.page.evaluate(() => navigator.clipboard.readText()))
        .toBe('021000089')
    })

    it('gives the support contacts as WhatsApp, e-mail and phone links', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard/contact', 'Help & Support')
      const main = session.page.getByRole('main')
      const href = (name: string) => main.getByRole('link', { name }).getAttribute('href')
      expect(await href('Chat on WhatsApp +15550100200 (opens in a new tab)')).toBe(
        'https://wa.me/15550100200',
      )
      expect(await href('E-mail us support@meridian.example')).toBe(
        'mailto:support@meridian.example',
      )
      expect(await href('Call us +1 555 0100 200')).toBe('tel:+15550100200')
      await expectAccessible(session.page)
      await shoot('contact')
    })

    it('shows the profile card with its picture form', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard/profile', 'Profile')
      const card = session.page.getByRole('region', { name: 'Dana Morgan' })
      const text = await card.innerText()
      expect(text).toContain('demo@meridian.example')
      expect(text).toMatch(/Username\s+dana/)
      expect(text).toMatch(/Account number\s+\d{6,}/)
      // Its one button saves a new picture (the journey is test/e2e/profile-settings.e2e.test.ts).
      await card.getByLabel('New profile picture').waitFor()
      expect(await card.getByRole('button', { name: 'Save picture' }).count()).toBe(1)
      await expectAccessible(session.page)
      await shoot('profile')
    })

    it('marks the unread notification as read, and the menu count drops at once', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard/notifications', 'Notifications')
      const list = session.page.getByRole('list', { name: 'Notifications' })
      // The demo's history: the transfer still in progress is unread; the settled one and the
      // confirmed crypto deposit (a request the seed confirms through decideRequest) are read.
      expect(await list.getByRole('heading').allInnerTexts()).toEqual([
        expect.stringMatching(/^Transfer in progress\s*Unread$/),
        'Transfer completed',
        'Transfer in progress',
        'Your deposit was confirmed',
        'Welcome to Meridian Bank',
      ])
      let menu = await openMenu(session.page, phone)
      expect(await menu.getByRole('link', { name: /^Notifications/ }).innerText()).toMatch(
        /Notifications\s*1/,
      )
      await closeMenu(session.page, phone)
      await expectAccessible(session.page)
      await shoot('notifications')

      const mark = list.getByRole('button', { name: 'Mark as read' })
      expect(await mark.count()).toBe(1)
      await mark.focus()
      await session.page.keyboard.press('Enter')
      await session.page.getByText('Marked as read').first().waitFor()
      await expect.poll(() => mark.count()).toBe(0)
      menu = await openMenu(session.page, phone)
      await expect
        .poll(() => menu.getByRole('link', { name: /^Notifications/ }).innerText())
        .toBe('Notifications')
      await closeMenu(session.page, phone)
      await shoot('notifications-marked')

      // The server has it: a fresh load shows it read too.
      await session.page.reload()
      await session.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor()
      expect(await list.getByRole('button', { name: 'Mark as read' }).count()).toBe(0)
    })

    it('marks all as read in one press, and the menu count drops to nothing at once', async () => {
      const email = demoCustomer?.email ?? ''
      for (const title of ['Statement ready', 'New sign-in']) {
        await session.portal.runOps('notify', [email, title, `${title} for your account.`])
      }
      await signInDemoCustomer(session)
      await open('/dashboard/notifications', 'Notifications')
      const list = session.page.getByRole('list', { name: 'Notifications' })
      await expect.poll(() => list.getByText('Unread').count()).toBeGreaterThanOrEqual(2)
      const unread = await list.getByText('Unread').count()
      await session.page.getByRole('main').getByText(`${unread} unread`).waitFor()
      let menu = await openMenu(session.page, phone)
      expect(await menu.getByRole('link', { name: /^Notifications/ }).innerText()).toMatch(
        new RegExp(`Notifications\\s*${unread}`),
      )
      await closeMenu(session.page, phone)
      await expectAccessible(session.page)
      await shoot('notifications-unread')

      await session.page.getByRole('button', { name: 'Mark all as read' }).click()
      await session.page.getByText('Marked as read').first().waitFor()
      await expect.poll(() => list.getByText('Unread').count()).toBe(0)
      expect(await session.page.getByRole('button', { name: /Mark/ }).count()).toBe(0)
      menu = await openMenu(session.page, phone)
      await expect
        .poll(() => menu.getByRole('link', { name: /^Notifications/ }).innerText())
        .toBe('Notifications')
      await closeMenu(session.page, phone)
      await expectAccessible(session.page)
      await shoot('notifications-all-marked')

      await session.page.reload()
      await session.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor()
      expect(await list.getByText('Unread').count()).toBe(0)
    })

    it('opens the menus from the keyboard and gives the focus back to their button on Escape', async () => {
      await signInDemoCustomer(session)
      await open('/dashboard', 'Dana Morgan')
      const buttons = [session.page.getByRole('button', { name: 'Profile menu for Dana Morgan' })]
      if (phone) buttons.push(session.page.getByRole('button', { name: 'Open menu' }))
      for (const found of buttons) {
        // The open dialog hides the rest of the page from assistive technology: held by its node.
        const button = await found.elementHandle()
        expect(await button?.getAttribute('aria-expanded')).toBe('false')
        await button?.focus()
        await session.page.keyboard.press('Enter')
        await session.page.getByRole('dialog').waitFor()
        expect(await button?.getAttribute('aria-expanded')).toBe('true')
        await session.page.keyboard.press('Escape')
        await session.page.getByRole('dialog').waitFor({ state: 'detached' })
        await expect
          .poll(() => button?.evaluate((node) => node === document.activeElement))
          .toBe(true)
      }
    })
  })
}
