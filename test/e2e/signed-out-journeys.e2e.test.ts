import { mkdir } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { kycSubmissions, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { launchJourneyBrowser } from './support/chromium'
import { codeIn, linkIn, waitForMail } from './support/mailbox'
import { type Portal, startPortal } from './support/portal'

/** Screenshots of every step, for a person to look at (not committed). */
const shotsDir = '/tmp/journeys'
/** PIN creation at a phone's and a desktop's width. */
const pinShotsDir = '/tmp/shots-pin'
/** The KYC form's identity details at a phone's and a desktop's width. */
const kycShotsDir = '/tmp/shots-kyc-details'
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 900 }

/** The smallest valid PNG (1x1, transparent), as in test/server/uploads.test.ts. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

const [demo] = demoCredentials

describe('signed-out journeys in Chromium', () => {
  let portal: Portal
  let browser: Browser
  let context: BrowserContext | undefined

  beforeAll(async () => {
    await mkdir(shotsDir, { recursive: true })
    await mkdir(pinShotsDir, { recursive: true })
    await mkdir(kycShotsDir, { recursive: true })
    portal = await startPortal()
    browser = await launchJourneyBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await portal?.stop()
  })
  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  const openPage = async (viewport: { width: number; height: number }) => {
    context = await browser.newContext({ viewport })
    return context.newPage()
  }

  /** A screenshot of the whole page as `/tmp/journeys/<name>.png`. */
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true })

  /** The whole page at 390 and at 1280 px as `/tmp/shots-kyc-details/<name>-<width>.png`, back at 390. */
  const kycShots = async (page: Page, name: string) => {
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport)
      await page.screenshot({
        path: `${kycShotsDir}/${name}-${viewport.width}.png`,
        fullPage: true,
      })
    }
    await page.setViewportSize(phone)
  }

  /** The page at 390 and at 1280 px as `/tmp/shots-pin/<name>-<width>.png`, back at 390. */
  const pinShots = async (page: Page, name: string) => {
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport)
      await page.screenshot({ path: `${pinShotsDir}/${name}-${viewport.width}.png` })
    }
    await page.setViewportSize(phone)
  }

  /**
   * A finished step moves on by itself after 5 s or at once with its Continue button: press it,
   * unless the timed redirect came first, then wait for where both lead.
   */
  const continueTo = async (page: Page, destination: string, url: string) => {
    await page
      .getByRole('button', { name: `Continue to ${destination}` })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
    await page.waitForURL(url)
  }

  /** Login in two steps: the e-mail, then the passcode. */
  const signIn = async (page: Page, email: string, passcode: string) => {
    await page.goto(`${portal.url}/account/login`)
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Continue' }).click()
    await enterPasscode(page, passcode)
  }
  const enterPasscode = async (page: Page, passcode: string) => {
    await page.getByLabel('Passcode', { exact: true }).fill(passcode)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  /**
   * PIN creation (dashboard/pincreation, then new1): an empty PIN, a re-entry that differs,
   * then the same PIN twice; the success toast, then the dashboard.
   */
  const createPin = async (page: Page, pin: string) => {
    const entry = page.getByRole('heading', { name: 'Create your transaction PIN' })
    const confirm = page.getByRole('button', { name: 'Confirm' })
    await entry.waitFor()
    // new1 without a first entry starts at the first step.
    await page.goto(`${portal.url}/dashboard/pincreation/new1`)
    await page.waitForURL(`${portal.url}/dashboard/pincreation`)
    await entry.waitFor()
    await pinShots(page, '1-entry')
    await confirm.click()
    await page.getByText('Invalid Pin').waitFor()
    await page.getByLabel('PIN', { exact: true }).fill(pin)
    await pinShots(page, '2-entry-filled')
    await confirm.click()
    await page.waitForURL(`${portal.url}/dashboard/pincreation/new1`)
    await page.getByRole('heading', { name: 'Re-enter your PIN' }).waitFor()

    const reentry = page.getByLabel('Re-enter PIN')
    await reentry.fill(pin.split('').reverse().join(''))
    await confirm.click()
    await page
      .getByText('We have detected that the PIN you entered does not match. Please Re-enter PIN.')
      .waitFor()
    expect(await reentry.inputValue()).toBe('')
    await pinShots(page, '3-mismatch')

    await reentry.fill(pin)
    await confirm.click()
    await page.getByRole('heading', { name: 'PIN created' }).waitFor()
    // The success toast (3 s).
    await page
      .getByText('Your transaction PIN has been successfully created', { exact: true })
      .waitFor()
    await pinShots(page, '4-success')
    // The dashboard 3 s later, or at once with Continue.
    await continueTo(page, 'your dashboard', `${portal.url}/dashboard`)
  }

  it('signs up, verifies the e-mail, passes KYC and, once approved, creates a PIN and reaches the dashboard (phone)', {
    timeout: 120_000,
  }, async () => {
    const customer = {
      firstName: 'Avery',
      lastName: 'Quinn',
      username: 'avery.quinn',
      email: 'avery.quinn@meridian.example',
      passcode: '482913',
      pin: '2580',
    }
    const page = await openPage(phone)

    // Signup.
    await page.goto(`${portal.url}/account/signup`)
    await page.getByRole('heading', { name: 'Open an account' }).waitFor()
    await page.getByLabel('First name').fill(customer.firstName)
    await page.getByLabel('Last name').fill(customer.lastName)
    await page.getByLabel('Username').fill(customer.username)
    await page.getByLabel('E-mail address').fill(customer.email)
    await page.getByLabel('Passcode', { exact: true }).fill(customer.passcode)
    await page.getByLabel('Confirm passcode').fill(customer.passcode)
    await page.getByLabel("I'm at least 18 years old").check()
    await shot(page, '1-01-signup-filled')
    // "The following terms": each opens in a new tab, prerendered, and says it is a template.
    for (const [name, path] of [
      ['Terms and Conditions', 'terms'],
      ['Privacy Policy', 'privacy'],
    ] as const) {
      const [legal] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name }).click(),
      ])
      await legal.waitForURL(`${portal.url}/${path}`)
      await legal.getByRole('heading', { level: 1, name }).waitFor()
      await legal
        .getByText(/^Template: this page is a draft to be completed by the bank's lawyers/)
        .waitFor()
      await legal.screenshot({ path: `${shotsDir}/1-01-${path}.png`, fullPage: true })
      await legal.close()
    }
    const prerendered = await fetch(`${portal.url}/terms`).then((answer) => answer.text())
    expect(prerendered).toContain('Terms and Conditions')
    expect(prerendered).toContain('Template: this page is a draft')
    await page.getByRole('button', { name: 'Open account' }).click()
    await page.getByRole('heading', { name: 'Account created' }).waitFor()
    await shot(page, '1-02-signup-created')
    await continueTo(
      page,
      'e-mail verification',
      `${portal.url}/account/verify?${new URLSearchParams({ email: customer.email })}`,
    )

    // Verify the e-mail with the code from the outbox.
    await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor()
    const verification = await waitForMail(portal.dataDir, {
      to: customer.email,
      subject: 'verification code',
    })
    const code = codeIn(verification)
    expect(verification.subject).not.toContain(code)
    await shot(page, '1-03-verify-empty')
    await page.getByLabel('Digit 1 of 6').click()
    await page.keyboard.type(code)
    // The sixth digit submits the code by itself.
    await page.getByRole('heading', { name: 'E-mail verified' }).waitFor()
    await shot(page, '1-04-verify-done')
    await continueTo(page, 'identity verification', `${portal.url}/account/kyc/form`)

    // KYC form.
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor()
    await page.getByLabel('Date of birth').fill('07/03/1990')
    await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Germany' })
    await page.getByLabel('Phone number').fill('+49 30 1234567')
    await page.getByLabel('Home address').fill('Unter den Linden 1, 10117 Berlin')
    await page.getByLabel('Your photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png,
    })
    await page.getByLabel('Document type').selectOption({ label: 'International Passport' })
    await page.getByLabel('Document number').fill('C01X 00T47')
    // Shown by name, sent as its ISO code.
    await page.getByLabel('Issuing country').selectOption({ label: 'Germany' })
    expect(await page.getByLabel('Issuing country').inputValue()).toBe('DE')
    // An expired document is refused under its field, before anything is sent.
    await page.getByLabel('Expiry date').fill('31/01/2020')
    await page.getByLabel('Front of the document').setInputFiles({
      name: 'passport-front.png',
      mimeType: 'image/png',
      buffer: png,
    })
    await page.getByLabel('Back of the document').setInputFiles({
      name: 'passport-back.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    })
    // Each box says it has its file.
    await page.getByText('Photo Uploaded').waitFor()
    expect(await page.getByText('File Uploaded').count()).toBe(2)
    await page.getByRole('button', { name: 'Submit for verification' }).click()
    await page.getByText('This document has expired: use one that is still valid').waitFor()
    expect(await page.getByLabel('Expiry date').getAttribute('aria-invalid')).toBe('true')
    await kycShots(page, 'kyc-expired')
    const nextYear = new Date().getUTCFullYear() + 5
    await page.getByLabel('Expiry date').fill(`30/06/${nextYear}`)
    await shot(page, '1-05-kyc-filled')
    await kycShots(page, 'kyc-filled')
    await page.getByRole('button', { name: 'Submit for verification' }).click()
    await page.getByRole('heading', { name: 'Documents submitted' }).waitFor()
    await shot(page, '1-06-kyc-submitted')
    await continueTo(page, 'your verification status', `${portal.url}/account/kyc/under-review`)
    await page.getByRole('heading', { name: 'Verification under review' }).waitFor()
    await shot(page, '1-07-under-review')

    // What the reviewer will check was kept with the submission.
    const kept = await portal.db
      .select({
        dateOfBirth: kycSubmissions.dateOfBirth,
        documentNumber: kycSubmissions.documentNumber,
        documentCountry: kycSubmissions.documentCountry,
        documentExpiry: kycSubmissions.documentExpiry,
      })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .where(eq(users.email, customer.email))
    expect(kept).toEqual([
      {
        dateOfBirth: '1990-03-07',
        documentNumber: 'C01X00T47',
        documentCountry: 'DE',
        documentExpiry: `${nextYear}-06-30`,
      },
    ])

    // The operator sees the submission and approves it.
    expect(await portal.runOps('kyc list', [])).toContain(customer.email)
    expect(await portal.runOps('kyc approve', [customer.email])).toContain('is verified')
    expect(await portal.runOps('kyc list', [])).not.toContain(customer.email)

    // Okay signs out; the customer logs in and reaches the dashboard.
    await page.getByRole('button', { name: 'Okay' }).click()
    await page.waitForURL(`${portal.url}/account/login`)
    await page.getByLabel('E-mail address').fill(customer.email)
    await page.getByRole('button', { name: 'Continue' }).click()
    // Step 2 greets neutrally on a browser that remembers nobody (decision 080): the e-mail alone.
    await page.getByLabel('Passcode').waitFor()
    expect(await page.getByText(`${customer.firstName} ${customer.lastName}`).count()).toBe(0)
    await shot(page, '1-08-login-passcode')
    await enterPasscode(page, customer.passcode)
    await page.getByRole('button', { name: 'Continue to your dashboard' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toContain('Welcome Back')
    await shot(page, '1-09-login-welcome')
    // A new customer has no transaction PIN: the dashboard sends them to PIN creation.
    await continueTo(page, 'your dashboard', `${portal.url}/dashboard/pincreation`)
    await createPin(page, customer.pin)

    // The dashboard, now and after a reload: the PIN is kept, no more PIN creation.
    await page
      .getByRole('heading', { name: `${customer.firstName} ${customer.lastName}` })
      .waitFor()
    await page.reload()
    await page
      .getByRole('heading', { name: `${customer.firstName} ${customer.lastName}` })
      .waitFor()
    expect(page.url()).toBe(`${portal.url}/dashboard`)
    // With a PIN, PIN creation has nothing to offer: its addresses lead to the dashboard.
    await page.goto(`${portal.url}/dashboard/pincreation/new1`)
    await page.waitForURL(`${portal.url}/dashboard`)
    await page
      .getByRole('heading', { name: `${customer.firstName} ${customer.lastName}` })
      .waitFor()
    // A new customer's account: a 10-digit number and nothing in it yet.
    const overview = await page.getByLabel('Account overview').textContent()
    expect(overview).toMatch(/Account number\s*\d{10}(?!\d)/)
    expect(overview).toContain('$0.00')
    await shot(page, '1-10-dashboard')
  })

  it('resets a forgotten passcode from the e-mailed link; only the new one signs in (desktop)', {
    timeout: 90_000,
  }, async () => {
    const newPasscode = '731905'
    expect(newPasscode).not.toBe(demo.secret)
    const page = await openPage({ width: 1280, height: 900 })

    // Ask for a reset.
    await page.goto(`${portal.url}/account/forgot`)
    await page.getByRole('heading', { name: 'Forgot your passcode?' }).waitFor()
    await page.getByLabel('E-mail address').fill(demo.email)
    await shot(page, '2-01-forgot-filled')
    await page.getByRole('button', { name: 'Send reset code' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    expect(await page.getByRole('alert').textContent()).toContain(
      'Check your Email for further instructions.',
    )
    await shot(page, '2-02-forgot-sent')

    // Open the link from the e-mail.
    const resetMail = await waitForMail(portal.dataDir, {
      to: demo.email,
      subject: 'reset your passcode',
    })
    const link = linkIn(resetMail, `${portal.url}/account/reset/r/`)
    expect(link).toBe(
      `${portal.url}/account/reset/r/${encodeURIComponent(demo.email)}/${codeIn(resetMail)}`,
    )
    await page.goto(link)
    await page.getByRole('heading', { name: 'Reset your passcode' }).waitFor()
    await page.getByText(demo.email).first().waitFor()
    await page.getByLabel('New passcode').fill(newPasscode)
    await page.getByLabel('Confirm passcode').fill(newPasscode)
    await shot(page, '2-03-reset-filled')
    await page.getByRole('button', { name: 'Reset passcode' }).click()
    await page.getByRole('heading', { name: 'Passcode changed' }).waitFor()
    await shot(page, '2-04-reset-done')
    await continueTo(page, 'sign in', `${portal.url}/account/login`)
    await waitForMail(portal.dataDir, { to: demo.email, subject: 'your passcode was changed' })

    // The old passcode is refused.
    await signIn(page, demo.email, demo.secret)
    await page.getByRole('alert').filter({ hasText: 'Invalid Credentials' }).waitFor()
    await shot(page, '2-05-login-old-passcode')
    expect(page.url()).toBe(`${portal.url}/account/login`)

    // The new one signs in.
    await enterPasscode(page, newPasscode)
    await continueTo(page, 'your dashboard', `${portal.url}/dashboard`)
    await page.getByRole('heading', { name: 'Dana Morgan' }).waitFor()
    await shot(page, '2-06-dashboard')
  })
})
