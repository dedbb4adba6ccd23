import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { codeIn, type ReceivedMail, waitForMail } from './support/mailbox'
import { screenshots } from './support/screenshots'
import { demoCustomer, expectAccessible, signInDemoCustomer, widths } from './support/signed-in'

/** Screenshots of every step at both widths, for a person to look at (not committed). */
const shooter = screenshots('payees')

/** A payee the demo customer has never paid, as the editor's labels name its fields. */
const payee = {
  Nickname: 'Book club',
  'Account Holder Name *': 'Ada Lovelace',
  'Bank *': 'Harbor Savings Bank',
  'Swift Code *': 'hbsvgb2l',
  'Account Number *': 'GB29 NWBK 6016 1331 9268 19',
  'Routing Number *': '021000021',
  'Country *': 'United Kingdom',
}

/** The step-up e-mail after `before` (the newest one when there was none before). */
async function nextCodeMail(dataDir: string, before: ReceivedMail | null) {
  const to = demoCustomer?.email ?? ''
  for (;;) {
    const mail = await waitForMail(dataDir, { to, subject: 'transfer authorization code' })
    if (mail.text !== before?.text) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

for (const [device, viewport] of Object.entries(widths)) {
  const phone = device === 'phone'

  describe(`the payee book in Chromium at ${viewport.width} px (${device})`, () => {
    const session: ChromiumSession = useChromiumSession(viewport)
    const shoot = shooter(session, viewport.width)

    /** The row of the payee shown as `name`. */
    const rowOf = (page: Page, name: string) =>
      page
        .getByRole('list', { name: 'Payees' })
        .getByRole('listitem')
        .filter({ has: page.getByText(name, { exact: true }) })

    /** Sends $25 to the book's payee picked by `label` (its nickname), through the PIN. */
    async function sendTo(page: Page, label: RegExp, nickname: string) {
      await page.goto(`${session.portal.url}/dashboard/send`)
      await page.getByRole('heading', { name: 'Transfer details' }).waitFor()
      const picker = page.getByLabel('Your payees')
      const option = picker.locator('option', { hasText: label })
      await picker.selectOption((await option.getAttribute('value')) ?? '')
      await page.getByText(`Sending to ${nickname}.`).waitFor()
      await shoot(`send-${nickname === 'Book club' ? 'first' : 'edited'}`)
      await expect(page.getByLabel('Account Holder Name *').inputValue()).resolves.toBe(
        'Ada Lovelace',
      )
      await page.getByLabel('Amount *', { exact: true }).fill('25')
      await page.getByLabel('Note *', { exact: true }).fill('Books')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('button', { name: 'Confirmed' }).click()
      await page.getByLabel('PIN', { exact: true }).fill('1234')
      await page.getByRole('button', { name: 'Confirm' }).click()
    }

    /** The step-up the server asked for: its e-mailed code, entered; the transfer submitted. */
    async function passStepUp(page: Page, before: ReceivedMail | null) {
      await page.getByRole('heading', { name: 'Enter the Transfer Authorization Code' }).waitFor()
      await page.getByText(/new payee/).waitFor()
      await shoot(`step-up-${before ? 'edited' : 'first'}`)
      const mail = await nextCodeMail(session.portal.dataDir, before)
      await page.getByLabel('Transfer Authorization Code', { exact: true }).fill(codeIn(mail))
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('heading', { name: 'Transfer Submitted' }).waitFor()
      return mail
    }

    it('adds a payee, finds it, sends to it, edits its details (a new payee again) and removes it', async () => {
      const { page, portal } = session
      await signInDemoCustomer(session)
      await page.goto(`${portal.url}/dashboard`)
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Payees' })
        .click()
      await page.waitForURL(`${portal.url}/dashboard/payees`)
      await page.getByRole('heading', { level: 1, name: 'Payees' }).waitFor()
      // The seed's payees saved with a transfer: in the book, known for the step-up.
      await rowOf(page, 'Jane Doe').waitFor()
      await shoot('1-book')
      await expectAccessible(page)

      await page.getByRole('button', { name: 'Add a payee' }).click()
      const editor = page.getByRole('form', { name: 'Add a payee' })
      await editor.getByRole('button', { name: 'Add the payee' }).click()
      await editor.getByText('Account Holder Name is required').waitFor()
      for (const [label, value] of Object.entries(payee))
        await editor.getByLabel(label, { exact: true }).fill(value)
      await shoot('2-add')
      await expectAccessible(page)
      await editor.getByRole('button', { name: 'Add the payee' }).click()
      await page.getByText(/^Book club is in your payees\./).waitFor()
      const added = rowOf(page, 'Book club')
      await added.getByText('New: no transfer yet').waitFor()
      await expect(added.innerText()).resolves.toContain('GB29NWBK60161331926819')
      await expect(added.innerText()).resolves.toContain('HBSVGB2L')

      // Search: the address keeps it; nothing else matches.
      await page.getByRole('searchbox', { name: 'Search payees' }).fill('lovelace')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await page.waitForURL(`${portal.url}/dashboard/payees?q=lovelace`)
      await page.getByText('1 payee matches “lovelace”').waitFor()
      await expect(
        page.getByRole('list', { name: 'Payees' }).getByRole('listitem').count(),
      ).resolves.toBe(1)
      await shoot('3-search')
      await expectAccessible(page)
      await page.getByRole('searchbox', { name: 'Search payees' }).fill('nobody at all')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await page.getByText('No payee matches “nobody at all”.').waitFor()
      await page.getByRole('button', { name: 'Show all' }).click()
      await page.waitForURL(`${portal.url}/dashboard/payees`)
      await rowOf(page, 'Jane Doe').waitFor()

      // The first transfer to it: a new payee, so the e-mailed code is asked for.
      await sendTo(page, /^Book club \(Ada Lovelace\)/, 'Book club')
      const first = await passStepUp(page, null)
      await page.goto(`${portal.url}/dashboard/payees`)
      await expect(
        rowOf(page, 'Book club').getByText('New: no transfer yet').count(),
      ).resolves.toBe(0)

      // A new nickname and account number: the next transfer counts as one to a new payee.
      await rowOf(page, 'Book club').getByRole('button', { name: 'Edit Book club' }).click()
      const edit = page.getByRole('form', { name: 'Edit Book club' })
      await edit.getByText(/Changing the account details/).waitFor()
      await expect(edit.getByLabel('Nickname').inputValue()).resolves.toBe('Book club')
      await edit.getByLabel('Nickname').fill('Ada’s club')
      await edit.getByLabel('Account Number *').fill('GB29 NWBK 6016 1331 9268 20')
      await shoot('4-edit')
      await expectAccessible(page)
      await edit.getByRole('button', { name: 'Save the payee' }).click()
      await page.getByText(/^Ada’s club is saved\. As the account details changed/).waitFor()
      const edited = rowOf(page, 'Ada’s club')
      await edited.getByText('New: no transfer yet').waitFor()
      await expect(edited.innerText()).resolves.toContain('GB29NWBK60161331926820')

      await sendTo(page, /^Ada’s club \(Ada Lovelace\)/, 'Ada’s club')
      await passStepUp(page, first)

      // Removed after the dialog; the transfers to it stay on the statement.
      await page.goto(`${portal.url}/dashboard/payees`)
      await rowOf(page, 'Ada’s club').getByRole('button', { name: 'Remove Ada’s club' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Remove Ada’s club?' })
      await dialog.waitFor()
      await expect(
        dialog
          .getByRole('button', { name: 'Cancel' })
          .evaluate((b) => b === document.activeElement),
      ).resolves.toBe(true)
      await shoot('6-remove')
      await expectAccessible(page)
      await dialog.getByRole('button', { name: 'Remove the payee' }).click()
      await page.getByText(/^Ada’s club is removed from your payees\./).waitFor()
      // The book is read again after the answer: the row goes once it has been.
      await rowOf(page, 'Ada’s club').waitFor({ state: 'detached' })
      await shoot('7-removed')
      await page.goto(`${portal.url}/dashboard/statements`)
      const lines = page.getByRole('link', { name: /Transfer to Ada Lovelace/ })
      await lines.first().waitFor()
      await expect(lines.count()).resolves.toBe(2)
    })
  })
}
