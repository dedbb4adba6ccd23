import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestBody } from '#api/client'
import { demoCredentials } from '#server/seed/demo-data'
import { startTestApp, type TestApp } from './support/test-app'

const [demo] = demoCredentials

/**
 * The wire keeps the spec's field names (issue 23, item 8; docs/decisions/071): the code names
 * fields readably and converts at the edges. These pin, for representative calls, the exact
 * body the browser's client sends and the exact keys of the JSON the server answers, spelled as
 * the spec spells them. A name changes here only when the protocol does.
 */

const noToken = { tokenFor: () => null }
const session = { tokenFor: () => 'the-token' }

/** The fields of a body as sent, in order (files as their type). */
const sent = (body: URLSearchParams | FormData) =>
  [...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'file'])

describe('what the browser sends', () => {
  it('confirmmypin: the payee by the spec names', async () => {
    // biome-ignore format: one field per line reads as the body
    const fields = { pin: '1234', amount: '10.00', bank: 'First Harbor Bank', swiftCode: 'FHBKGB2L', accountNumber: 'GB29NWBK60161331926819', accountHolderName: 'Jane Doe', currency: 'USD', routingNumber: '021000089', country: 'United Kingdom' }
    const body = await requestBody(session, 'confirmTransferPin', fields)
    expect(sent(body)).toEqual([
      ['action', 'confirmmypin'],
      ['token', 'the-token'],
      ['pin', '1234'],
      ['amount', '10.00'],
      ['bank', 'First Harbor Bank'],
      ['swift', 'FHBKGB2L'],
      ['act_no', 'GB29NWBK60161331926819'],
      ['act_hold_name', 'Jane Doe'],
      ['currency', 'USD'],
      ['routing', '021000089'],
      ['country', 'United Kingdom'],
    ])
  })

  it('confirmtpin and newtrs: the payee key and the checkbox by the spec names', async () => {
    const code = {
      pin: '123456',
      authorization: 'a'.repeat(16),
      amount: '10.00',
      swiftCode: 'FHBKGB2L',
      accountNumber: '55500012',
    }
    expect(sent(await requestBody(session, 'confirmTransferCode', code))).toEqual([
      ['action', 'confirmtpin'],
      ['token', 'the-token'],
      ['pin', '123456'],
      ['authorization', 'a'.repeat(16)],
      ['amount', '10.00'],
      ['swift', 'FHBKGB2L'],
      ['act_no', '55500012'],
    ])
    const body = await requestBody(session, 'submitTransfer', { savePayee: 'on', note: 'Rent' })
    expect(sent(body)).toEqual([
      ['action', 'newtrs'],
      ['token', 'the-token'],
      ['save_payee', 'on'],
      ['note', 'Rent'],
    ])
  })

  it('newuser: the signup form by the spec names', async () => {
    // biome-ignore format: one field per line reads as the body
    const fields = { firstName: 'Ada', lastName: 'Payee', username: 'ada', email: 'ada@example.com', password: '123456', fullname: 'Ada Payee' }
    const body = await requestBody(noToken, 'signUp', fields)
    expect(sent(body)).toEqual([
      ['first_name', 'Ada'],
      ['last_name', 'Payee'],
      ['username', 'ada'],
      ['email', 'ada@example.com'],
      ['password', '123456'],
      ['fullname', 'Ada Payee'],
    ])
  })

  it('updatepwd: the three secrets by the spec names', async () => {
    const fields = { current: '111111', next: '222222', confirmation: '222222' }
    const body = await requestBody(session, 'changePasscode', fields)
    expect(sent(body)).toEqual([
      ['action', 'updatepwd'],
      ['token', 'the-token'],
      ['c_pwd', '111111'],
      ['n_pwd', '222222'],
      ['con_pwd', '222222'],
    ])
  })
})

const transactionKeys = [
  'name',
  'date',
  'amount',
  'charge',
  'transaction_type',
  'status',
  'ref2',
  'bank',
  'act_hold_name',
  'act_no',
  'country',
  'type',
  'status2',
]

describe('what the server answers', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await startTestApp('pglite')
    token = await t.login(demo.email, demo.secret)
  })
  afterAll(() => t.close())

  const answer = async (marker: string) => {
    const { status, body } = await t.raw.action(marker, { token })
    expect(status, marker).toBe(200)
    return body as Record<string, Record<string, unknown>>
  }
  const keys = (value: unknown) => Object.keys(value as object).sort()
  const firstOf = (list: unknown) => (list as unknown[])[0]

  it('getstatement: the balances, totals and transactions by the spec names', async () => {
    const body = await answer('getstatement')
    // biome-ignore format: the answer's keys
    expect(keys(body)).toEqual(['currency', 'details', 'nc', 'tb', 'total_credit', 'total_debit', 'transactions', 'user'])
    expect(keys(body.tb)).toEqual(['booked_balance', 'current_balance'])
    // biome-ignore format: the answer's keys
    expect(keys(body.user)).toEqual(['account_no', 'current_plan', 'email', 'fullname', 'picture', 'username'])
    expect(keys(firstOf(body.transactions))).toEqual([...transactionKeys].sort())
  })

  it('gettrslist: the saved payees by the spec names', async () => {
    const body = await answer('gettrslist')
    expect(keys(body)).toEqual(['currency', 'payees', 'transactions'])
    // biome-ignore format: the answer's keys
    expect(keys(firstOf(body.payees))).toEqual(['act_hold_name', 'act_no', 'bank', 'country', 'currency', 'id', 'nickname', 'routing', 'swift'])
  })

  it('getperc and getinstituition: by the spec names', async () => {
    const charge = await answer('getperc')
    expect(keys(charge)).toEqual(['currency', 'percent', 'tb'])
    expect(keys(charge.tb)).toEqual(['current_balance'])
    const institution = await answer('getinstituition')
    // biome-ignore format: the answer's keys
    expect(keys(institution)).toEqual(['account_no', 'country', 'currency', 'routing_no', 'swift_code', 'username'])
  })

  it('confirmmypin and newtrs: the step-up, the tries and the submission by the spec names', async () => {
    // biome-ignore format: the demo's saved payee, as the wire names its fields
    const payee = { bank: 'First Harbor Bank', swift: 'FHBKGB2L', act_no: '00123456789', act_hold_name: 'Jane Doe', currency: 'USD', routing: '021000089', country: 'United Kingdom', amount: '10.00' }
    const wrong = await t.raw.action('confirmmypin', { token, pin: '9999', ...payee })
    expect(keys(wrong.body)).toEqual(['message', 'requiresanother', 'status', 'tries_left'])
    const pin = await t.raw.action('confirmmypin', { token, pin: demo.pin, ...payee })
    expect(keys(pin.body)).toEqual(['authorization', 'message', 'requiresanother', 'status'])
    const submitted = await t.raw.action('newtrs', {
      token,
      ...payee,
      note: 'Rent',
      extra: '',
      authorization: String(pin.body.authorization),
      idempotency_key: 'wire-fields-on-the-wire-1',
      save_payee: 'on',
    })
    // biome-ignore format: the answer's keys
    expect(keys(submitted.body)).toEqual(['act_hold_name', 'amount', 'bank', 'currency', 'date', 'extra', 'icon', 'message', 'trx_notif'])
  })

  it('getprofile: the profile by the spec names', async () => {
    const body = await answer('getprofile')
    // biome-ignore format: the answer's keys
    expect(keys(body.user)).toEqual(['account_no', 'country', 'current_plan', 'dob', 'email', 'fullname', 'gender', 'home_address', 'marital_status', 'next_of_kin', 'phone', 'picture', 'username', 'verification_status'])
  })
})
