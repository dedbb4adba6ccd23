import { createHash } from 'node:crypto'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTargets } from './support/databases'
import { mailsTo } from './support/mailbox'
import { jane, newKey, payingCustomer, transferFields } from './support/money'
import { SoftwarePasskey } from './support/staff'
import { startTestApp, type TestApp } from './support/test-app'

/** The portal's address in these tests (startTestApp's PUBLIC_URL): passkeys are bound to it. */
const portalOrigin = 'http://portal.test'

describe.each(databaseTargets)('customers’ passkeys on %s (decision 081)', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  type Customer = Awaited<ReturnType<typeof payingCustomer>>

  /**
   * Settings: the passcode again, the browser's new passkey, its name; `payment`: the browser
   * offers Secure Payment Confirmation, so a payment passkey is asked for (decision 082).
   */
  async function addPasskey(customer: Customer, name = 'My phone', payment = false) {
    const passkey = new SoftwarePasskey(portalOrigin)
    const step = await t.action('passkeyRegistrationOptions', {
      token: customer.token,
      passcode: customer.passcode,
      ...(payment ? { payment: 'on' } : {}),
    })
    expect(step.body.status).toBe(true)
    const options = step.body.options as PublicKeyCredentialCreationOptionsJSON
    const added = await t.action('addPasskey', {
      token: customer.token,
      credential: JSON.stringify(passkey.create(options)),
      name,
    })
    expect(added.body).toEqual({
      status: true,
      message: 'Your passkey is added. You can sign in and approve transfers with it.',
    })
    return { passkey, options }
  }

  const passkeySignIn = async (email: string, passkey: SoftwarePasskey) => {
    const step = await t.action('passkeySignInOptions', { email })
    const options = step.body.options as Parameters<SoftwarePasskey['get']>[0]
    const credential = passkey.get(options)
    return {
      credential,
      answer: await t.action('signInWithPasskey', {
        email,
        credential: JSON.stringify(credential),
      }),
    }
  }

  it('adds a passkey only after the passcode, discoverable and verifying its user', async () => {
    const customer = await payingCustomer(t, 0)
    const wrong = await t.action('passkeyRegistrationOptions', {
      token: customer.token,
      passcode: '000000',
    })
    expect(wrong.body).toMatchObject({ status: false, attemptsLeft: 4 })
    expect(wrong.body.options).toBeUndefined()

    const { options } = await addPasskey(customer, 'Work laptop')
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    expect(options.rp).toEqual({ id: 'portal.test', name: 'Meridian Bank' })
    const list = await t.action('passkeyList', { token: customer.token })
    expect(list.body.passkeys).toEqual([
      expect.objectContaining({ name: 'Work laptop', lastUsedAt: null }),
    ])
    const log = await t.action('securityLog', { token: customer.token })
    expect((log.body.events as Array<{ what: string }>)[0]?.what).toBe('Passkey added')
  })

  it('refuses a registration answer to a challenge already used or never given', async () => {
    const customer = await payingCustomer(t, 0)
    const passkey = new SoftwarePasskey(portalOrigin)
    const step = await t.action('passkeyRegistrationOptions', {
      token: customer.token,
      passcode: customer.passcode,
    })
    const credential = JSON.stringify(
      passkey.create(step.body.options as PublicKeyCredentialCreationOptionsJSON),
    )
    expect(
      (await t.action('addPasskey', { token: customer.token, credential, name: 'A' })).body,
    ).toMatchObject({ status: true })
    expect(
      (await t.action('addPasskey', { token: customer.token, credential, name: 'A' })).body,
    ).toEqual({ status: false, message: 'The passkey could not be checked. Please try again.' })
  })

  it('signs in with a passkey: the same answer shape, the e-mail’s own passkey only', async () => {
    const customer = await payingCustomer(t, 0)
    const { passkey } = await addPasskey(customer)
    // Step 1 answers any e-mail alike: no list of passkeys that would tell who has an account.
    const known = (await t.action('passkeySignInOptions', { email: customer.email })).body
    const unknown = (await t.action('passkeySignInOptions', { email: 'nobody@example.com' })).body
    expect({ ...(known.options as object), challenge: '' }).toEqual({
      ...(unknown.options as object),
      challenge: '',
    })
    expect(known.options).toMatchObject({ allowCredentials: [], userVerification: 'required' })

    const { answer, credential } = await passkeySignIn(customer.email, passkey)
    expect(answer.body).toMatchObject({ error: false, message: 'Welcome Back' })
    const token = answer.body.jwt as string
    expect((await t.action('hasTransferPin', { token })).status).toBe(200)
    const log = await t.action('securityLog', { token })
    expect((log.body.events as Array<{ what: string }>)[0]?.what).toMatch(/with a passkey$/)

    // The same answer again, or the passkey for another e-mail: Invalid Credentials.
    const again = await t.action('signInWithPasskey', {
      email: customer.email,
      credential: JSON.stringify(credential),
    })
    expect(again.body).toMatchObject({ error: true, message: 'Invalid Credentials' })
    const other = await payingCustomer(t, 0)
    const elsewhere = await passkeySignIn(other.email, passkey)
    expect(elsewhere.answer.body).toMatchObject({ error: true, message: 'Invalid Credentials' })
  })

  it('refuses a removed passkey, and the removal needs the passcode', async () => {
    const customer = await payingCustomer(t, 0)
    const { passkey } = await addPasskey(customer)
    const [listed] = (await t.action('passkeyList', { token: customer.token })).body
      .passkeys as Array<{ id: number }>
    const id = String(listed?.id)
    expect(
      (await t.action('removePasskey', { token: customer.token, passkey: id, passcode: '000000' }))
        .body,
    ).toMatchObject({ status: false, attemptsLeft: 4 })
    expect(
      (
        await t.action('renamePasskey', {
          token: customer.token,
          passkey: id,
          name: 'Old phone',
          passcode: customer.passcode,
        })
      ).body,
    ).toEqual({ status: true, message: 'Your passkey is renamed.' })
    expect(
      (
        await t.action('removePasskey', {
          token: customer.token,
          passkey: id,
          passcode: customer.passcode,
        })
      ).body,
    ).toEqual({ status: true, message: 'Your passkey is removed: it signs nothing in any more.' })
    const { answer } = await passkeySignIn(customer.email, passkey)
    expect(answer.body).toMatchObject({ error: true, message: 'Invalid Credentials' })
    expect((await t.action('passkeyList', { token: customer.token })).body.passkeys).toEqual([])
  })

  describe('a transfer’s step-up approved with a passkey', () => {
    const amount = '1500.00'
    const pin = (customer: Customer, value = amount, payee = jane) =>
      t.action('confirmTransferPin', {
        token: customer.token,
        pin: '2468',
        ...transferFields(value, payee),
      })
    const approve = (
      customer: Customer,
      authorization: string,
      credential: unknown,
      value = amount,
      payee = jane,
    ) => {
      const { note: _note, extra: _extra, ...fields } = transferFields(value, payee)
      return t.action('confirmTransferPasskey', {
        token: customer.token,
        authorization,
        credential: JSON.stringify(credential),
        ...fields,
      })
    }

    it('derives the challenge from the authorisation, amount and payee, and sends no code', async () => {
      const customer = await payingCustomer(t, 500_000)
      const { passkey } = await addPasskey(customer)
      const before = (await mailsTo(t.db, customer.email)).length
      const answer = await pin(customer)
      expect(answer.body).toMatchObject({
        status: true,
        stepUp: { head: 'Approve with your passkey' },
      })
      expect(await mailsTo(t.db, customer.email)).toHaveLength(before)
      const authorization = answer.body.authorization as string
      const options = answer.body.passkey as Parameters<SoftwarePasskey['get']>[0]
      expect(options.allowCredentials?.map((allowed) => allowed.id)).toEqual([passkey.id])

      const approved = await approve(customer, authorization, passkey.get(options))
      expect(approved.body).toEqual({
        status: true,
        message: 'Transfer approved with your passkey.',
      })
      const sent = await t.action('submitTransfer', {
        token: customer.token,
        ...transferFields(amount),
        authorization,
        idempotencyKey: newKey(),
      })
      expect(sent.body).toMatchObject({ icon: 'success', message: 'Transfer Submitted' })
      // The challenge is the server's to derive: an answer signed for it approves nothing twice.
      expect((await approve(customer, authorization, passkey.get(options))).body.status).toBe(false)
      expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(options.challenge).not.toBe(
        isoBase64URL.fromBuffer(createHash('sha256').update(authorization).digest()),
      )
    })

    it('refuses an approval sent for another amount or payee, or signed for another transfer', async () => {
      const customer = await payingCustomer(t, 500_000)
      const { passkey } = await addPasskey(customer)
      const first = await pin(customer)
      const authorization = first.body.authorization as string
      const signed = passkey.get(first.body.passkey as Parameters<SoftwarePasskey['get']>[0])
      const otherTransfer = {
        status: false,
        message:
          'This approval is for a different amount or payee. Start the transfer again to approve what you see.',
      }
      expect((await approve(customer, authorization, signed, '1600.00')).body).toEqual(
        otherTransfer,
      )
      const mallory = { ...jane, accountNumber: 'GB94BARC10201530093459', accountHolderName: 'M' }
      expect((await approve(customer, authorization, signed, amount, mallory)).body).toEqual(
        otherTransfer,
      )
      // A signature for this transfer does not approve another one for the same amount and payee.
      const second = await pin(customer)
      expect((await approve(customer, second.body.authorization as string, signed)).body).toEqual({
        status: false,
        message:
          'Your passkey did not approve this transfer. Try again, or start the transfer again.',
      })
      // Nothing was approved: newtrs refuses the first authorisation.
      const sent = await t.action('submitTransfer', {
        token: customer.token,
        ...transferFields(amount),
        authorization,
        idempotencyKey: newKey(),
      })
      expect(sent.body).toMatchObject({ icon: 'error' })
      // And the right one still approves it.
      expect((await approve(customer, authorization, signed)).body.status).toBe(true)
    })

    describe('in the browser’s payment dialog (Secure Payment Confirmation, decision 082)', () => {
      type Shown = Parameters<SoftwarePasskey['pay']>[1]
      type Options = Parameters<SoftwarePasskey['get']>[0]
      const otherTransfer = {
        status: false,
        message:
          'This approval is for a different amount or payee. Start the transfer again to approve what you see.',
      }
      const notApproved = {
        status: false,
        message:
          'Your passkey did not approve this transfer. Try again, or start the transfer again.',
      }

      it('asks for a payment passkey only where the browser offers the dialog', async () => {
        const customer = await payingCustomer(t, 0)
        const paying = await addPasskey(customer, 'Phone', true)
        expect(paying.options.extensions).toMatchObject({ payment: { isPayment: true } })
        // Chromium makes payment passkeys on the device's own authenticator only.
        expect(paying.options.authenticatorSelection?.authenticatorAttachment).toBe('platform')
        const plain = await addPasskey(customer, 'Laptop')
        expect(plain.options.extensions).not.toHaveProperty('payment')
        expect(plain.options.authenticatorSelection).not.toHaveProperty('authenticatorAttachment')
        const list = await t.action('passkeyList', { token: customer.token })
        expect(list.body.passkeys).toEqual([
          expect.objectContaining({ name: 'Phone', payments: true }),
          expect.objectContaining({ name: 'Laptop', payments: false }),
        ])
      })

      it('approves when the dialog showed this amount, currency and payee', async () => {
        const customer = await payingCustomer(t, 500_000)
        const { passkey } = await addPasskey(customer, 'Phone', true)
        await addPasskey(customer, 'Laptop')
        const answer = await pin(customer)
        const shown = answer.body.payment as Shown & { credentialIds: string[] }
        // The payment passkeys only: the browser's dialog can use no other.
        expect(shown).toEqual({
          credentialIds: [passkey.id],
          payeeName: 'Jane Doe (account ending 6819)',
          total: { currency: 'USD', value: '1500.00' },
          instrument: {
            displayName: expect.stringMatching(/^Meridian Bank account/),
            icon: 'http://portal.test/wp-user/favicon.svg',
          },
        })
        const authorization = answer.body.authorization as string
        const options = answer.body.passkey as Options
        const approved = await approve(customer, authorization, passkey.pay(options, shown))
        expect(approved.body).toEqual({
          status: true,
          message: 'Transfer approved with your passkey.',
        })
        const sent = await t.action('submitTransfer', {
          token: customer.token,
          ...transferFields(amount),
          authorization,
          idempotencyKey: newKey(),
        })
        expect(sent.body).toMatchObject({ icon: 'success', message: 'Transfer Submitted' })
      })

      it('refuses a dialog that showed another amount, currency or payee', async () => {
        const customer = await payingCustomer(t, 500_000)
        const { passkey } = await addPasskey(customer, 'Phone', true)
        const answer = await pin(customer)
        const shown = answer.body.payment as Shown
        const authorization = answer.body.authorization as string
        const options = answer.body.passkey as Options
        // Each is signed for the right challenge: only what the browser showed differs.
        for (const other of [
          { ...shown, total: { ...shown.total, value: '15.00' } },
          { ...shown, total: { ...shown.total, currency: 'EUR' } },
          { ...shown, payeeName: 'Mallory (account ending 3459)' },
        ])
          expect(
            (await approve(customer, authorization, passkey.pay(options, other))).body,
          ).toEqual(otherTransfer)
        const sent = await t.action('submitTransfer', {
          token: customer.token,
          ...transferFields(amount),
          authorization,
          idempotencyKey: newKey(),
        })
        expect(sent.body).toMatchObject({ icon: 'error' })
        // The same passkey still approves what it was shown rightly, and as a plain assertion.
        expect((await approve(customer, authorization, passkey.pay(options, shown))).body).toEqual({
          status: true,
          message: 'Transfer approved with your passkey.',
        })
        const second = await pin(customer)
        expect(
          (
            await approve(
              customer,
              second.body.authorization as string,
              passkey.get(second.body.passkey as Options),
            )
          ).body.status,
        ).toBe(true)
      })

      it('refuses a payment dialog’s answer from a passkey not made for payments', async () => {
        const customer = await payingCustomer(t, 500_000)
        const { passkey } = await addPasskey(customer)
        const answer = await pin(customer)
        // No payment passkey: no dialog offered.
        expect(answer.body.payment).toBeUndefined()
        const options = answer.body.passkey as Options
        const shown: Shown = {
          payeeName: 'Jane Doe (account ending 6819)',
          total: { currency: 'USD', value: '1500.00' },
          instrument: { displayName: 'Meridian Bank account', icon: 'http://portal.test/x.svg' },
        }
        const authorization = answer.body.authorization as string
        expect((await approve(customer, authorization, passkey.pay(options, shown))).body).toEqual(
          notApproved,
        )
        expect((await approve(customer, authorization, passkey.get(options))).body.status).toBe(
          true,
        )
      })

      it('signs nobody in with a payment dialog’s answer', async () => {
        const customer = await payingCustomer(t, 0)
        const { passkey } = await addPasskey(customer, 'Phone', true)
        const step = await t.action('passkeySignInOptions', { email: customer.email })
        const credential = passkey.pay(step.body.options as Options, {
          payeeName: 'Meridian Bank',
          total: { currency: 'USD', value: '0.00' },
          instrument: { displayName: 'Sign-in', icon: 'http://portal.test/x.svg' },
        })
        const answer = await t.action('signInWithPasskey', {
          email: customer.email,
          credential: JSON.stringify(credential),
        })
        expect(answer.body).toMatchObject({ error: true, message: 'Invalid Credentials' })
      })
    })

    it('keeps the e-mailed code for a customer without a passkey', async () => {
      const customer = await payingCustomer(t, 500_000)
      const answer = await pin(customer)
      expect(answer.body.passkey).toBeUndefined()
      expect(answer.body.stepUp).toMatchObject({ head: 'Transfer Authorization Code' })
      expect((await mailsTo(t.db, customer.email)).at(-1)?.subject).toBe(
        'Meridian Bank: your transfer authorization code',
      )
    })
  })

  it('offers "Use your passkey" on the neutral step for every e-mail', async () => {
    for (const email of ['demo@meridian.example', 'nobody@example.com'])
      expect((await t.crud('identifyCustomer', { email })).body).toMatchObject({ passkey: true })
  })
})
