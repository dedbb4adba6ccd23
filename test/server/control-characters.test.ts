import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CallDefinition, callNames, calls } from '#api/contract'
import { demoCredentials } from '#server/seed/demo-data'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

const [demo] = demoCredentials
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const picture = () => new File([new Uint8Array(png)], 'me.png', { type: 'image/png' })

/** The request objects of a call: one, or one per variant. */
function requestObjects(definition: CallDefinition) {
  const request = definition.request as v.GenericSchema & {
    entries?: v.ObjectEntries
    options?: { entries: v.ObjectEntries }[]
  }
  return request.options?.map((option) => option.entries) ?? [request.entries ?? {}]
}

describe('control characters in the contract', () => {
  it('every text field of every call refuses them, with its own message', () => {
    for (const name of callNames) {
      const definition: CallDefinition = calls[name]
      for (const entries of requestObjects(definition)) {
        for (const [field, schema] of Object.entries(entries)) {
          if (definition.files?.includes(field) || field === 'action') continue
          for (const bad of ['a\u0000b', '\u0000', 'x\u0007', '1\u001b2', 'a\u007f']) {
            const result = v.safeParse(schema, bad)
            expect(result.success, `${name}.${field} accepted ${JSON.stringify(bad)}`).toBe(false)
          }
        }
      }
    }
  })
})

describe.each(databaseTargets)('control characters on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('refuses a NUL in a signup name with a 400 naming the field by its label', async () => {
    const answer = await t.crud('signUp', {
      firstName: 'Ada',
      lastName: '\u0000',
      username: 'ada_nul',
      email: 'ada.nul@example.com',
      password: '135790',
      fullname: '',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Your last name must not contain control characters.')
  })

  it('refuses a NUL in a receipt id', async () => {
    const token = await t.login(demo.email, demo.secret)
    const answer = await t.action('transactionReceipt', { token, receiptId: '\u0000' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('The receipt number must not contain control characters.')
  })

  it.each([
    ['country', 'Your country'],
    ['phone', 'Your phone number'],
    ['home_address', 'Your home address'],
    ['type', 'The document type'],
    ['dob', 'Your date of birth'],
    ['document_number', 'The document number'],
    ['document_country', 'The issuing country'],
    ['document_expiry', 'The expiry date'],
  ])('refuses a NUL in the KYC field %s', async (field, label) => {
    const customer = await createCustomer(t, { verificationStatus: 'Not Verified' })
    const login = await t.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    const fields: Record<string, string | Blob> = {
      token: login.body.jwt as string,
      country: 'Norway',
      phone: '+47 555 01 234',
      home_address: 'Storgata 1',
      dob: '1988-04-12',
      type: "Driver's License",
      document_number: 'NO1234567',
      document_country: 'NO',
      document_expiry: '2031-06-30',
      pic: picture(),
      idcardFront: picture(),
      idcardBack: picture(),
    }
    fields[field] = `a\u0000b`
    const answer = await t.action('submitKyc', fields)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(`${label} must not contain control characters.`)
  })

  it('lets a tab through (only control characters that break storage are refused)', async () => {
    const token = await t.login(demo.email, demo.secret)
    const answer = await t.action('transactionReceipt', { token, receiptId: 'no\tsuch' })
    expect(answer.status).toBe(200)
  })
})
