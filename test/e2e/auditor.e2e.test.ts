import { readFile } from 'node:fs/promises'
import { and, eq, sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { fundingRequests, kycSubmissions, users } from '#server/db/schema'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { demoCustomer, expectAccessible } from './support/signed-in'
import {
  type ConsolePerson,
  type ConsoleTeam,
  consoleCall,
  consoleUrl,
  customerAwaitingKyc,
  demoDeposit,
  enrolConsolePerson,
  enrolTeam,
  signInConsole,
} from './support/staff-console'

/**
 * The auditor sees everything and can change nothing (issue 18): they open every section of
 * the console, see what the others did, find no control that decides or changes anything, and
 * the server refuses the calls that would; the audit log shows the others' actions and the
 * auditor's own refusals, and downloads as CSV. (Every staff call with every role, the auditor's
 * included, is test/server/staff-access.test.ts.)
 */

const shooter = screenshots('auditor')

/** The controls a section may show the auditor: reading, finding, paging, looking closer. */
const readingControls = [
  /^Search$/,
  /^Show$/,
  /^Previous page$/,
  /^Next page$/,
  /^Download/,
  /^View /,
  /^Open /,
  // The settings' history: which version to hold against the one in use.
  /^Compare /,
  // The document viewer's: how the scan is shown, nothing about the case.
  /^Zoom/,
  /^Turn/,
  /^Reset$/,
  /^Close$/,
]

/** Buttons and links in the page's main part that are neither reading controls nor sorting. */
async function changeControlsOn(page: Page): Promise<string[]> {
  const main = page.locator('main')
  const names = await main
    .locator('button:not([disabled]):not(th button), [role="button"]')
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
    )
  return names
    .map((name) => name.trim())
    .filter((name) => !readingControls.some((allowed) => allowed.test(name)))
}

describe('the auditor', () => {
  const session: ChromiumSession = useChromiumSession({ width: 1440, height: 900 })
  let team: ConsoleTeam
  let auditor: ConsolePerson
  let demoId: number
  let pendingDeposit: number

  beforeAll(async () => {
    const { portal } = session
    team = await enrolTeam(portal)
    auditor = await enrolConsolePerson(
      portal,
      { email: 'audit@staff.test', name: 'Finn Holt', roles: ['auditor'] },
      team.admin.actor,
    )
    const call = async (person: ConsolePerson, action: string, fields: Record<string, string>) => {
      const { body } = await consoleCall(portal, person.cookie, action, fields)
      expect(body, `${action}: ${JSON.stringify(body)}`).toMatchObject({ status: true })
    }
    const [demo] = await portal.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoCustomer?.email ?? ''))
    demoId = demo?.id as number
    const pendingOf = async () =>
      (
        await portal.db
          .select({ id: fundingRequests.id })
          .from(fundingRequests)
          .where(and(eq(fundingRequests.userId, demoId), eq(fundingRequests.status, 'pending')))
      ).map((row) => row.id)

    // What the others do: a KYC case approved and one left waiting, a small deposit confirmed,
    // a large one sent for a second person's approval, a notification, a broadcast proposed, a
    // new member of staff.
    for (const decide of [true, false]) {
      const kycCustomer = await customerAwaitingKyc(portal)
      if (!decide) continue
      const [submission] = await portal.db
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .innerJoin(users, eq(users.id, kycSubmissions.userId))
        .where(eq(users.email, kycCustomer.email))
      await call(team.kyc, 'kycdecide', { id: String(submission?.id), decision: 'approve' })
    }
    await demoDeposit(portal, '250.00')
    const [small] = await pendingOf()
    await call(team.payments, 'requestdecide', { id: String(small), decision: 'confirm' })
    await demoDeposit(portal, '12000.00')
    ;[pendingDeposit = 0] = await pendingOf()
    await call(team.payments, 'requestdecide', {
      id: String(pendingDeposit),
      decision: 'confirm',
      note: 'Seen on the chain',
    })
    await call(team.support, 'customernotify', {
      customer_id: String(demoId),
      title: 'Your deposit',
      body: 'We received it.',
    })
    await call(team.support, 'broadcastpropose', {
      title: 'Maintenance tonight',
      body: 'The portal pauses at 22:00 UTC.',
    })
    await call(team.admin, 'staffadd', {
      email: 'gil@staff.test',
      name: 'Gil Novak',
      roles: 'support',
    })
  })

  it('opens every section, sees the data and finds nothing to decide or change', async () => {
    await signInConsole(session, auditor)
    const { page } = session
    await page.goto(consoleUrl(session, '/'))
    await page.getByRole('heading', { level: 1, name: 'Welcome, Finn Holt' }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Console' })
    const sections = (await nav.getByRole('link').allTextContents()).map((name) => name.trim())
    expect(sections).toEqual([
      'Home',
      'KYC',
      'Requests',
      'Transfers',
      'Approvals',
      'Broadcasts',
      'Figures',
      'Customers',
      'Mail',
      'Settings',
      'Staff',
      'Audit log',
      'My sessions',
    ])

    /** Each section as the nav opens it, with what the auditor must see there. */
    const visits: [section: string, heading: RegExp, sees: RegExp][] = [
      ['Home', /^Welcome, Finn Holt$/, /Approvals waiting for a second person/],
      ['KYC', /^KYC submissions$/, /Noor Haddad/],
      ['Requests', /^Requests$/, /Dana Morgan/],
      ['Transfers', /^Transfers$/, /ACME Supplies Ltd/],
      ['Approvals', /^Approvals$/, /Cara Diaz/],
      ['Broadcasts', /^Broadcasts$/, /Maintenance tonight/],
      ['Figures', /^Daily figures$/, /Reconciliation/],
      ['Customers', /^Customers$/, /Type at least two characters/],
      ['Mail', /^Mail$/, /gil@staff\.test/],
      ['Settings', /^Settings$/, /Coins and deposit addresses/],
      ['Staff', /^Staff$/, /Gil Novak/],
      ['Audit log', /^Audit log$/, /requests confirm/],
    ]
    for (const [section, heading, sees] of visits) {
      await nav.getByRole('link', { name: section, exact: true }).click()
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      await page.locator('main').getByText(sees).filter({ visible: true }).first().waitFor()
      expect(await changeControlsOn(page), section).toEqual([])
    }

    // A KYC case, a request's case and a customer's page, opened from their lists.
    await nav.getByRole('link', { name: 'KYC', exact: true }).click()
    await page
      .getByRole('link', { name: /Noor Haddad/ })
      .first()
      .click()
    await page.getByRole('heading', { level: 1, name: /^KYC submission of Noor Haddad$/ }).waitFor()
    expect(await changeControlsOn(page), 'KYC case').toEqual([])

    await page.goto(consoleUrl(session, `/requests/${pendingDeposit}`))
    await page
      .getByRole('heading', { level: 1, name: /Deposit request \d+ of Dana Morgan/ })
      .waitFor()
    expect(await changeControlsOn(page), 'request case').toEqual([])

    await page.goto(consoleUrl(session, '/settings/coins'))
    await page.getByRole('heading', { level: 1, name: 'Coins and deposit addresses' }).waitFor()
    await page.getByRole('heading', { name: /^In use: version \d+$/ }).waitFor()
    expect(await changeControlsOn(page), 'settings area').toEqual([])

    await nav.getByRole('link', { name: 'Customers', exact: true }).click()
    await page.getByLabel('E-mail, name or account number').fill('dana')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: 'Dana Morgan' }).click()
    await page.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()
    await page.locator('main').getByText('Your deposit').first().waitFor()
    expect(await changeControlsOn(page), 'customer page').toEqual([])
  })

  it('is refused by the server whatever decision or change it sends', async () => {
    await signInConsole(session, auditor)
    const { page } = session
    await page.goto(consoleUrl(session, '/'))
    await page.getByRole('heading', { level: 1, name: 'Welcome, Finn Holt' }).waitFor()
    // The calls the screens never offer the auditor, sent from the console's own page anyway.
    const attempts: [string, Record<string, string>][] = [
      ['requestdecide', { id: String(pendingDeposit), decision: 'decline', reason: 'No' }],
      ['approvaldecide', { id: '1', decision: 'approve' }],
      ['transferdecide', { id: '1', decision: 'settle' }],
      ['kycdecide', { id: '1', decision: 'approve' }],
      ['customernotify', { customer_id: String(demoId), title: 'Hi', body: 'There' }],
      ['customerunlock', { customer_id: String(demoId) }],
      ['broadcastpropose', { title: 'Hi', body: 'Everyone' }],
      ['settingspropose', { area: 'coins', based_on: '1', content: '{}' }],
      ['mailretry', { id: '1' }],
      ['staffadd', { email: 'eve@staff.test', name: 'Eve', roles: 'admin' }],
      ['staffroles', { staff_id: String(auditor.actor.staffId), roles: 'admin' }],
    ]
    const answers = await page.evaluate(async (calls) => {
      const results: { status: number; message: string }[] = []
      for (const [action, fields] of calls) {
        const response = await fetch('/wp-admin/api', {
          method: 'POST',
          body: new URLSearchParams({ action, ...fields }),
        })
        results.push({ status: response.status, message: (await response.json()).message })
      }
      return results
    }, attempts)
    expect(answers).toEqual(
      attempts.map(() => ({ status: 403, message: 'Your roles do not allow this.' })),
    )
  })

  it('reads in the audit log what the others did, and its own refusals, and downloads it', async () => {
    await signInConsole(session, auditor)
    const { page } = session
    await page.goto(consoleUrl(session, '/audit'))
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor()
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' })
    for (const [who, what] of [
      ['Ana Ruiz', 'kyc approve'],
      ['Cara Diaz', 'requests confirm'],
      ['Eva Lind', 'notify'],
      ['Eva Lind', 'broadcast propose'],
      ['Lena Admin', 'staff add'],
      ['Finn Holt', 'requestdecide'],
    ] as const) {
      const row = table.getByRole('row').filter({ hasText: who })
      if (what === 'requestdecide')
        await row
          .filter({ hasText: 'requests decline' })
          .filter({ hasText: 'Refused' })
          .first()
          .waitFor()
      else await row.filter({ hasText: what }).first().waitFor()
    }
    // Each entry links to what it touched.
    await table
      .getByRole('link', { name: `Request ${pendingDeposit}` })
      .first()
      .waitFor()
    await table.getByRole('link', { name: 'Gil Novak (staff)' }).first().waitFor()
    await expectAccessible(page)
    await shooter(session, 1440)('audit-log')
    await page.setViewportSize({ width: 1024, height: 800 })
    await shooter(session, 1024)('audit-log')
    await page.setViewportSize({ width: 1440, height: 900 })

    // Filtered to one person and one customer.
    await page.getByLabel('Person').selectOption({ label: 'Cara Diaz (payments@staff.test)' })
    await page.getByLabel('Customer').fill(demoCustomer?.email ?? '')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/person=\d+/)
    // The URL changes as the filter is sent; the rows follow when its answer comes.
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:nth-child(2)').allTextContents()))
      .toEqual(new Set(['Cara Diaz']))
    // The action, and under it how it went.
    const actions = await table.locator('tbody tr td:nth-child(3)').allInnerTexts()
    expect(actions).toEqual(['requests confirm\nDone', 'requests confirm\nDone'])
    await expectAccessible(page)
    await shooter(session, 1440)('audit-log-filtered')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/)
    const csv = await readFile((await download.path()) as string, 'utf8')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'id,at,person,operator,staff_id,action,outcome,customer_id,customer_email,subject,args,detail,chain_position,hash',
    )
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(['Cara Diaz', 'Cara Diaz'])

    // The auditor's reads are on record too, the download included.
    await page.goto(consoleUrl(session, `/audit?person=${auditor.actor.staffId}`))
    await table.getByRole('row').filter({ hasText: 'audit export' }).first().waitFor()
    await table.getByRole('row').filter({ hasText: 'customers show' }).first().waitFor()
  })

  it('pages through the log newest first, one page after another, and back', async () => {
    await session.portal.db.execute(sql`
      INSERT INTO operator_audit_log (at, operator, command, args, outcome, detail)
      SELECT now() - make_interval(secs => n), 'root', 'mail retry', jsonb_build_array(n::text),
             'done', 'Paged ' || n
      FROM generate_series(1, 60) AS n`)
    await signInConsole(session, auditor)
    const { page } = session
    await page.goto(consoleUrl(session, '/audit?person=terminal&command=mail%20retry'))
    const pager = page.getByRole('navigation', { name: 'Pages' })
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' })
    await pager.getByText('Rows 1–50 of 60 (page 1)').waitFor()
    await table.getByRole('row').filter({ hasText: 'Paged 1' }).first().waitFor()
    await pager.getByRole('button', { name: 'Next page' }).click()
    await pager.getByText('Rows 51–60 of 60 (page 2)').waitFor()
    await table.getByRole('row').filter({ hasText: 'Paged 60' }).waitFor()
    expect(page.url()).toMatch(/after=/)
    await pager.getByRole('button', { name: 'Previous page' }).click()
    await pager.getByText('Rows 1–50 of 60 (page 1)').waitFor()
    expect(page.url()).not.toMatch(/after=|before=/)
  })
})
