import { describe, expect, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible } from './support/signed-in'
import {
  approveFirstItem,
  consoleUrl,
  enrolConsolePerson,
  openConsoleAs,
  signInConsole,
} from './support/staff-console'

/**
 * Who may decide, in the console (issue 32, docs/decisions/098): with two admins, a colleague one
 * admin adds holds no role until the other approves; one admin cannot disable the other; and a
 * signed-in session cannot replace its authenticator without the password and current code.
 */

const shooter = screenshots('who-may-decide')

describe('who may decide, with two admins', () => {
  const session: ChromiumSession = useChromiumSession({ width: 1280, height: 900 })
  const shoot = (name: string) => shooter(session, 1280)(name)

  it('adding staff waits for the second admin, disabling the other admin is refused, a factor needs a step-up', async () => {
    const ada = await enrolConsolePerson(session.portal, {
      email: 'ada.admin@staff.test',
      name: 'Ada Admin',
      roles: ['admin'],
    })
    const ben = await enrolConsolePerson(
      session.portal,
      { email: 'ben.admin@staff.test', name: 'Ben Admin', roles: ['admin'] },
      ada.actor,
    )
    await signInConsole(session, ada)
    const { page } = session
    await page.goto(consoleUrl(session, '/staff'))
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor()

    // Ada adds someone with payments: they are added without a role, waiting for Ben.
    await page.getByLabel('E-mail address').fill('olly@staff.test')
    await page.getByLabel('Name').fill('Olly Checker')
    await page.getByLabel('Payments').check()
    await page.getByRole('button', { name: 'Add member of staff' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Add and send the link' }).click()
    await page
      .getByText(/Their roles wait for a second admin\. Sent for approval/)
      .first()
      .waitFor()

    // She cannot take Ben away to decide alone.
    const benRow = page.getByRole('row', { name: /Ben Admin/ })
    await benRow.getByRole('button', { name: 'Disable Ben Admin' }).click()
    await dialog.getByRole('button', { name: 'Disable' }).click()
    await page
      .getByText(/At least two active admins must stay once there are two/)
      .first()
      .waitFor()
    await expectAccessible(page)
    await shoot('refused')

    // Her signed-in session cannot set itself a new authenticator app without a step-up.
    const attempt = await page.evaluate(async () => {
      const response = await fetch('/wp-admin/api', {
        method: 'POST',
        body: new URLSearchParams({ action: 'totpbegin' }),
      })
      return { status: response.status, body: (await response.json()) as { message: string } }
    })
    expect(attempt).toEqual({
      status: 403,
      body: {
        error: true,
        message:
          'Confirm it is you first: give your password and your current passkey or authenticator code.',
      },
    })

    // Ben, at his own desk, approves; only then does Olly hold payments.
    const checker = await openConsoleAs(session, ben, { width: 1280, height: 900 })
    await checker.page.goto(consoleUrl(session, '/approvals'))
    await checker.page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor()
    await checker.page.getByText(/Add Olly Checker \(olly@staff\.test\) as payments/).waitFor()
    await expectAccessible(checker.page)
    await checker.page.screenshot({ path: '/tmp/shots-who-may-decide/approval-1280.png' })
    await approveFirstItem(checker.page)
    await checker.close()

    await page.reload()
    await page
      .getByRole('row', { name: /Olly Checker/ })
      .getByText('Payments')
      .waitFor()
    await shoot('approved')
  })
})
