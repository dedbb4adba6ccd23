import { expect } from 'vitest'
import { availableBalanceOf, balanceOf, customerAccountCode } from '#server/db/ledger'
import { codeIn, lastMailTo } from './mailbox'
import { jane, transferFields } from './money'
import type { TestApp } from './test-app'

interface Caller {
  id: number
  email: string
  token: string
}

/**
 * The send chain's calls as a customer makes them (confirmmypin, confirmtpin, newtrs), for the
 * app `app()` returns once the test file has started it.
 */
export function transferCalls(app: () => TestApp) {
  const pinFor = (c: Caller, amount: string, payee = jane, pin = '2468') =>
    app().action('confirmTransferPin', { token: c.token, pin, ...transferFields(amount, payee) })
  const codeFor = (c: Caller, authorization: string, code: string, amount: string, payee = jane) =>
    app().action('confirmTransferCode', {
      token: c.token,
      pin: code,
      authorization,
      amount,
      swiftCode: payee.swiftCode,
      accountNumber: payee.accountNumber,
    })
  const send = (
    c: Caller,
    authorization: string,
    key: string,
    amount: string,
    payee = jane,
    more = {},
  ) =>
    app().action('submitTransfer', {
      token: c.token,
      ...transferFields(amount, payee),
      authorization,
      idempotencyKey: key,
      ...more,
    })
  /** What the customer may spend: a transfer in progress holds its amount. */
  const balance = (c: Caller) => availableBalanceOf(app().db, customerAccountCode(c.id))
  /** What the postings left: a transfer leaves it when the bank settles it. */
  const booked = (c: Caller) => balanceOf(app().db, customerAccountCode(c.id))
  /** PIN, then the e-mailed code when the server asks: a completed authorization. */
  async function authorize(c: Caller, amount: string, payee = jane) {
    const pin = await pinFor(c, amount, payee)
    expect(pin.body.status).toBe(true)
    const authorization = pin.body.authorization as string
    if (pin.body.stepUp) {
      const code = codeIn(await lastMailTo(app().db, c.email))
      expect((await codeFor(c, authorization, code, amount, payee)).body.status).toBe(true)
    }
    return authorization
  }
  return { pinFor, codeFor, send, balance, booked, authorize }
}
