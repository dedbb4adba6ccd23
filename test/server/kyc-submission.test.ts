import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kycSubmissions, storedFiles, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { keptFileIds } from './support/kept-files'
import { startTestApp, type TestApp, TestBrowser } from './support/test-app'

/** A browser whose page speaks Spanish, as src/api/client.ts asks. */
class SpanishBrowser extends TestBrowser {
  override headers() {
    return { ...super.headers(), 'accept-language': 'es' }
  }
}

const [demo, pending] = demoCredentials

/** The smallest valid PNG (1x1, transparent). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
const svg = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
)

const file = (bytes: Uint8Array, name: string, type = '') =>
  new File([new Uint8Array(bytes)], name, { type })

describe.each(databaseTargets)('KYC submission on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  const uploadedFiles = () => keptFileIds(t.db)
  const fields = (overrides: Record<string, string | Blob> = {}) => ({
    country: 'Norway',
    phone: '+47 555 01 234',
    homeAddress: 'Storgata 1, 0155 Oslo',
    dateOfBirth: '1988-04-12',
    pic: file(png, 'me.png', 'image/png'),
    type: "Driver's License",
    documentNumber: 'nd 123-456 7',
    documentCountry: 'NO',
    documentExpiry: '2031-06-30',
    idcardFront: file(pdf, 'front.pdf', 'application/pdf'),
    idcardBack: file(png, 'back.png', 'image/png'),
    ...overrides,
  })
  /** A customer who owes KYC, signed in with the temporary token. */
  async function kycCustomer(status: 'Not Verified' | 'Declined' = 'Not Verified') {
    const customer = await createCustomer(t, { verificationStatus: status })
    const login = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    expect(login.body).toMatchObject({ verificationStatus: status })
    return { ...customer, token: login.body.jwt as string }
  }
  const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]

  it('lists the document types offered besides the driving licence', async () => {
    expect((await t.action('kycDocumentTypes')).body).toEqual({
      docs: [{ name: 'International Passport' }, { name: 'National ID Card' }],
    })
  })

  it('records the submission, puts the account under review and ends the KYC token', async () => {
    const customer = await kycCustomer()
    const before = await uploadedFiles()
    const answer = await t.action('submitKyc', { token: customer.token, ...fields() })
    expect(answer).toEqual({
      status: 200,
      body: {
        status: true,
        message: 'Your documents have been submitted. We will e-mail you when the review is done.',
      },
    })
    expect(await userRow(customer.id)).toMatchObject({
      verificationStatus: 'Pending Verification',
      kycSubmittedAt: t.clock.now(),
      country: 'Norway',
      // Kept as the profile keeps it: the one phone rule drops the spaces.
      phone: '+4755501234',
      homeAddress: 'Storgata 1, 0155 Oslo',
      // The profile's date of birth is the one given here (it showed "—" to the reviewer).
      dob: '1988-04-12',
    })
    const [submission] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, customer.id))
    expect(submission).toMatchObject({
      status: 'pending',
      documentType: "Driver's License",
      dateOfBirth: '1988-04-12',
      // Spaces and dashes dropped, letters upper-cased.
      documentNumber: 'ND1234567',
      documentCountry: 'NO',
      documentExpiry: '2031-06-30',
    })
    const files = await t.db.select().from(storedFiles).where(eq(storedFiles.userId, customer.id))
    expect(files.map((row) => [row.purpose, row.mimeType]).sort()).toEqual([
      ['kyc_back', 'image/png'],
      ['kyc_front', 'application/pdf'],
      ['kyc_picture', 'image/png'],
    ])
    expect((await uploadedFiles()).length).toBe(before.length + 3)

    const again = await t.action('submitKyc', { token: customer.token, ...fields() })
    expect(again.status).toBe(401)
    const login = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    expect(login.body).toMatchObject({
      verificationStatus: 'Pending Verification',
      submitted: true,
    })
  })

  it('accepts a document type from getdocs and refuses one that is not offered', async () => {
    const customer = await kycCustomer()
    const refused = await t.action('submitKyc', {
      token: customer.token,
      ...fields({ type: 'Library Card' }),
    })
    expect(refused.body).toEqual({
      status: false,
      message: 'Please choose an ID document type from the list.',
    })
    const accepted = await t.action('submitKyc', {
      token: customer.token,
      ...fields({ type: 'National ID Card' }),
    })
    expect(accepted.body).toMatchObject({ status: true })
  })

  it('refuses files by their bytes, names the file and keeps nothing', async () => {
    const customer = await kycCustomer()
    const before = await uploadedFiles()
    const cases: { overrides: Record<string, Blob>; message: string }[] = [
      {
        overrides: { pic: file(svg, 'me.svg', 'image/svg+xml') },
        message: 'Your photo was not accepted: The file must be a PNG, JPG, GIF or WebP image.',
      },
      {
        overrides: { pic: file(pdf, 'me.pdf', 'application/pdf') },
        message: 'Your photo was not accepted: The file must be a PNG, JPG, GIF or WebP image.',
      },
      {
        overrides: { idcardFront: file(svg, 'front.png', 'image/png') },
        message:
          'The front of your ID document was not accepted: The file must be a PNG, JPG, GIF or WebP image or a PDF.',
      },
      {
        overrides: {
          idcardBack: file(new TextEncoder().encode('just some text'), 'back.png', 'image/png'),
        },
        message:
          'The back of your ID document was not accepted: The file must be a PNG, JPG, GIF or WebP image or a PDF.',
      },
      {
        overrides: { idcardBack: file(new Uint8Array(), 'back.png', 'image/png') },
        message: 'The back of your ID document was not accepted: The file is empty.',
      },
    ]
    for (const { overrides, message } of cases) {
      const answer = await t.action('submitKyc', {
        token: customer.token,
        ...fields(overrides),
      })
      expect(answer).toEqual({ status: 200, body: { status: false, message } })
    }
    expect(await uploadedFiles()).toEqual(before)
    expect(
      await t.db.select().from(storedFiles).where(eq(storedFiles.userId, customer.id)),
    ).toEqual([])
    expect(
      await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, customer.id)),
    ).toEqual([])
    expect((await userRow(customer.id))?.verificationStatus).toBe('Not Verified')
    // The token still works for a corrected submission.
    const fixed = await t.action('submitKyc', { token: customer.token, ...fields() })
    expect(fixed.body).toMatchObject({ status: true })
  })

  it('keeps no document when the database work fails after some were written', async () => {
    const customer = await kycCustomer()
    const before = await uploadedFiles()
    const uploads = t.deps.uploads
    let stores = 0
    t.deps.uploads = {
      ...uploads,
      async keep(tx, checked, userId, now) {
        if (++stores === 3) throw new Error('the database went away')
        return uploads.keep(tx, checked, userId, now)
      },
    }
    try {
      const answer = await t.action('submitKyc', { token: customer.token, ...fields() })
      expect(answer.status).toBe(500)
    } finally {
      t.deps.uploads = uploads
    }
    expect(stores).toBe(3)
    expect(await uploadedFiles()).toEqual(before)
    expect(
      await t.db.select().from(storedFiles).where(eq(storedFiles.userId, customer.id)),
    ).toEqual([])
    expect((await userRow(customer.id))?.verificationStatus).toBe('Not Verified')
  })

  it('refuses a document number, issuing country, expiry or date of birth out of the rules, naming the field, and keeps nothing', async () => {
    const customer = await kycCustomer()
    const before = await uploadedFiles()
    const cases: [Record<string, string>, string][] = [
      [{ documentNumber: 'AB1' }, 'The document number must be 5 to 20 letters or digits.'],
      [
        { documentNumber: 'AB123456789012345678901' },
        'The document number must be 5 to 20 letters or digits.',
      ],
      [{ documentNumber: 'AB/12345' }, 'The document number must be 5 to 20 letters or digits.'],
      [{ documentNumber: 'ÁB123456' }, 'The document number must be 5 to 20 letters or digits.'],
      [{ documentNumber: '  ' }, 'The document number is required.'],
      [{ documentCountry: 'Norway' }, 'The issuing country must be a country from the list.'],
      [{ documentCountry: 'EU' }, 'The issuing country must be a country from the list.'],
      [{ documentCountry: 'XX' }, 'The issuing country must be a country from the list.'],
      [{ documentExpiry: '2031-02-30' }, 'The expiry date must be a date (YYYY-MM-DD).'],
      [{ documentExpiry: '30/06/2031' }, 'The expiry date must be a date (YYYY-MM-DD).'],
      [{ dateOfBirth: '' }, 'Your date of birth is required.'],
      [{ dateOfBirth: '1988-13-01' }, 'Your date of birth must be a date (YYYY-MM-DD).'],
    ]
    for (const [overrides, message] of cases) {
      const answer = await t.action('submitKyc', { token: customer.token, ...fields(overrides) })
      expect(answer, JSON.stringify(overrides)).toEqual({
        status: 400,
        body: { error: true, message },
      })
    }
    // The server's day (the test clock: 2026-11-21) decides an expiry and an age.
    const byTheDay: [Record<string, string>, string][] = [
      [
        { documentExpiry: '2026-11-20' },
        'The expiry date must not be in the past: the document has expired.',
      ],
      [
        { dateOfBirth: '2008-11-22' },
        'Your date of birth must be in the past, at least 18 years ago.',
      ],
      [
        { dateOfBirth: '2030-01-01' },
        'Your date of birth must be in the past, at least 18 years ago.',
      ],
      [
        { dateOfBirth: '1899-12-31' },
        'Your date of birth must be in the past, at least 18 years ago.',
      ],
    ]
    for (const [overrides, message] of byTheDay) {
      const answer = await t.action('submitKyc', { token: customer.token, ...fields(overrides) })
      expect(answer, JSON.stringify(overrides)).toEqual({
        status: 200,
        body: { status: false, message },
      })
    }
    expect(await uploadedFiles()).toEqual(before)
    expect(
      await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, customer.id)),
    ).toEqual([])
    expect(await userRow(customer.id)).toMatchObject({
      verificationStatus: 'Not Verified',
      dob: null,
    })
    // A document expiring today is still valid; 18 today is an adult; a lower-case code is taken.
    const accepted = await t.action('submitKyc', {
      token: customer.token,
      ...fields({ documentExpiry: '2026-11-21', dateOfBirth: '2008-11-21', documentCountry: 'no' }),
    })
    expect(accepted.body).toMatchObject({ status: true })
    const [submission] = await t.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, customer.id))
    expect(submission).toMatchObject({
      documentExpiry: '2026-11-21',
      dateOfBirth: '2008-11-21',
      documentCountry: 'NO',
    })
  })

  it('tells a Spanish reader the refusals of the new fields in Spanish', async () => {
    const customer = await kycCustomer()
    const spanish = t.in(new SpanishBrowser())
    const expired = await spanish.action('submitKyc', {
      token: customer.token,
      ...fields({ documentExpiry: '2020-01-31' }),
    })
    expect(expired.body).toEqual({
      status: false,
      message: 'La fecha de caducidad no debe ser una fecha pasada: el documento ha caducado.',
    })
    const shortNumber = await spanish.action('submitKyc', {
      token: customer.token,
      ...fields({ documentNumber: 'A1' }),
    })
    expect(shortNumber.body).toEqual({
      error: true,
      message: 'El número del documento debe tener de 5 a 20 letras o dígitos.',
    })
    const country = await spanish.action('submitKyc', {
      token: customer.token,
      ...fields({ documentCountry: 'Noruega' }),
    })
    expect(country.body.message).toBe('El país de expedición debe ser un país de la lista.')
  })

  it('lets a declined customer submit again, and refuses one already under review', async () => {
    const declined = await kycCustomer('Declined')
    const resubmitted = await t.action('submitKyc', {
      token: declined.token,
      ...fields(),
    })
    expect(resubmitted.body).toMatchObject({ status: true })

    const waiting = await t.crud('signIn', { email: pending.email, password: pending.secret })
    const refused = await t.action('submitKyc', {
      token: waiting.body.jwt as string,
      ...fields(),
    })
    expect(refused.body).toEqual({
      status: false,
      message: 'Your documents are already under review. We will e-mail you the result.',
    })
  })

  it('needs the KYC token and well-formed fields', async () => {
    expect((await t.action('submitKyc', fields())).status).toBe(401)
    const session = await t.login(demo.email, demo.secret)
    expect((await t.action('submitKyc', { token: session, ...fields() })).status).toBe(401)
    const customer = await kycCustomer()
    const { idcardBack: _missing, ...withoutBack } = fields()
    const missing = await t.action('submitKyc', {
      token: customer.token,
      ...withoutBack,
    })
    expect(missing).toEqual({
      status: 400,
      body: {
        error: true,
        message: 'The back of your document is required.',
      },
    })
    const textForFile = await t.action('submitKyc', {
      token: customer.token,
      ...fields({ pic: 'me.png' }),
    })
    expect(textForFile.status).toBe(400)
    // The profile's phone rule: international form.
    const localPhone = await t.action('submitKyc', {
      token: customer.token,
      ...fields({ phone: '555 01 234' }),
    })
    expect(localPhone).toEqual({
      status: 400,
      body: {
        error: true,
        message:
          'Your phone number must be in international form: + and the country code, e.g. +15550100200.',
      },
    })
  })
})
