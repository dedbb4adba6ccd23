import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankSettings, storedFiles, users } from '#server/db/schema'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { keptFileIds } from './support/kept-files'
import { startTestApp, type TestApp } from './support/test-app'

const validProfile = {
  fullname: 'Dana Q. Morgan',
  phone: '+1 (555) 010-0200',
  gender: 'Female',
  dateOfBirth: '1990-05-17',
  country: 'United Kingdom',
  maritalStatus: 'Married',
  homeAddress: '1 High Street, London',
  nextOfKin: 'Sam Morgan',
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer()

const file = (bytes: Uint8Array, type = 'image/png') =>
  new Blob([bytes as Uint8Array<ArrayBuffer>], { type })

describe.each(databaseTargets)('profile on %s', (target) => {
  let t: TestApp
  let token: string
  let customerId: number

  beforeAll(async () => {
    t = await startTestApp(target)
    const customer = await createCustomer(t)
    customerId = customer.id
    token = await t.login(customer.email, customer.passcode)
  })
  afterAll(() => t.close())

  const row = async () =>
    (
      await t.db.select().from(users).where(eq(users.id, customerId))
    )[0] as typeof users.$inferSelect

  it('saves a valid profile, phone in E.164, and getprofile shows it', async () => {
    const answer = await t.action('updateProfile', { token, ...validProfile })
    expect(answer).toEqual({
      status: 200,
      body: { status: true, message: 'Your profile has been updated.' },
    })
    expect((await t.action('customerProfile', { token })).body.user).toMatchObject({
      ...validProfile,
      phone: '+15550100200',
    })
  })

  it('clears optional fields sent empty', async () => {
    await t.action('updateProfile', { token, ...validProfile, nextOfKin: '', gender: '' })
    expect(await row()).toMatchObject({ nextOfKin: null, gender: null, phone: '+15550100200' })
  })

  it('refuses each bad field with 400 naming it by its label, and changes nothing', async () => {
    await t.action('updateProfile', { token, ...validProfile })
    const before = await row()
    const cases: [Record<string, string>, string][] = [
      [{ fullname: '   ' }, 'Your full name is required.'],
      [{ phone: '0555 0100' }, 'Your phone number must be in international form'],
      [{ phone: '+0123456789' }, 'Your phone number must be in international form'],
      [{ gender: 'Robot' }, 'Your gender must be one of Male, Female, Other.'],
      [{ dateOfBirth: '1990-02-30' }, 'Your date of birth must be a date (YYYY-MM-DD).'],
      [
        { dateOfBirth: '2030-01-01' },
        'Your date of birth must be in the past, at least 18 years ago.',
      ],
      // The test clock says 2026-11-21: eighteen tomorrow is not yet eighteen.
      [
        { dateOfBirth: '2008-11-22' },
        'Your date of birth must be in the past, at least 18 years ago.',
      ],
      [{ dateOfBirth: '1850-01-01' }, 'Your date of birth must be in the past'],
      [{ country: 'Atlantis' }, 'Your country must be a country from the list.'],
      [{ maritalStatus: 'Complicated' }, 'Your marital status must be one of Single'],
      [{ homeAddress: 'x'.repeat(301) }, 'Your home address must be at most 300 characters.'],
    ]
    for (const [fields, message] of cases) {
      const answer = await t.action('updateProfile', { token, ...validProfile, ...fields })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.body.message).toContain(message)
    }
    const missing = await t.action('updateProfile', { token, fullname: 'Only name' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('Your phone number is required.')
    expect(await row()).toEqual(before)
    expect(
      (await t.action('updateProfile', { token, ...validProfile, dateOfBirth: '2008-11-21' })).body
        .status,
    ).toBe(true)
    expect((await t.action('updateProfile', validProfile)).status).toBe(401)
  })

  it('re-encodes a picture to a 512 x 512 WebP and serves it with nosniff', async () => {
    const answer = await t.action('updatePicture', { token, profilePic: file(await png(800, 600)) })
    expect(answer.body).toMatchObject({
      status: true,
      message: 'Your profile picture has been updated.',
    })
    const address = answer.body.picture as string
    expect(address).toMatch(/^\/uploads\/pictures\/[0-9a-f-]{36}\.webp$/)
    const served = await t.app.request(address)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 })
    expect((await t.action('customerProfile', { token })).body.user).toMatchObject({
      picture: address,
    })
  })

  it('keeps nothing of a polyglot but its pixels, and drops the old picture', async () => {
    const old = (await t.action('customerProfile', { token })).body.user as { picture: string }
    const polyglot = Buffer.concat([
      await png(64, 64),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ])
    const answer = await t.action('updatePicture', { token, profilePic: file(polyglot) })
    expect(answer.body.status).toBe(true)
    const stored = Buffer.from(
      await (await t.app.request(answer.body.picture as string)).arrayBuffer(),
    )
    expect(stored.includes('<script>')).toBe(false)
    expect(stored.subarray(8, 12).toString()).toBe('WEBP')
    expect((await t.app.request(old.picture)).status).toBe(404)
    const files = await t.db.select().from(storedFiles).where(eq(storedFiles.userId, customerId))
    expect(files).toHaveLength(1)
  })

  it('keeps the picture in the transaction that sets it: a failed one leaves no file', async () => {
    const before = await row()
    const files = await keptFileIds(t.db)
    const uploads = t.deps.uploads
    t.deps.uploads = {
      ...uploads,
      async keep(tx, checked, userId, now) {
        await uploads.keep(tx, checked, userId, now)
        throw new Error('the database went away')
      },
    }
    try {
      const answer = await t.action('updatePicture', { token, profilePic: file(await png(64, 64)) })
      expect(answer.status).toBe(500)
    } finally {
      t.deps.uploads = uploads
    }
    expect(await keptFileIds(t.db)).toEqual(files)
    expect((await row()).pictureFileId).toBe(before.pictureFileId)
    const kept = await t.db.select().from(storedFiles).where(eq(storedFiles.userId, customerId))
    expect(kept.map((file) => [file.id, file.pendingSince])).toEqual([[before.pictureFileId, null]])
  })

  it('refuses a pixel flood, a non-image, an SVG and an oversized file', async () => {
    const before = (await row()).pictureFileId
    const flood = await sharp({
      create: { width: 6000, height: 5000, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(flood.byteLength).toBeLessThan(5 * 1024 * 1024)
    expect((await t.action('updatePicture', { token, profilePic: file(flood) })).body).toEqual({
      status: false,
      message: 'The picture is too large: at most 25 megapixels.',
    })
    expect(
      (
        await t.action('updatePicture', {
          token,
          profilePic: file(Buffer.from('hello'), 'image/png'),
        })
      ).body,
    ).toEqual({ status: false, message: 'The file must be a PNG, JPG, GIF or WebP image.' })
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    expect(
      (await t.action('updatePicture', { token, profilePic: file(svg, 'image/svg+xml') })).body
        .status,
    ).toBe(false)
    const truncated = (await png(100, 100)).subarray(0, 60)
    expect((await t.action('updatePicture', { token, profilePic: file(truncated) })).body).toEqual({
      status: false,
      message: 'The picture could not be read as an image.',
    })
    const huge = await t.action('updatePicture', {
      token,
      profilePic: file(new Uint8Array(5 * 1024 * 1024 + 1)),
    })
    expect(huge.status).toBe(400)
    expect(huge.body.message).toBe('Your picture must be at most 5 MB.')
    expect((await t.action('updatePicture', { token, profilePic: 'text' })).status).toBe(400)
    expect((await row()).pictureFileId).toBe(before)
  })

  it('getcontact, getinstituition and getdocs read the database', async () => {
    await t.db
      .update(bankSettings)
      .set({ contactWhatsapp: null, contactEmail: 'help@bank.example', contactPhone: null })
    expect((await t.action('supportContacts', { token })).body).toEqual({
      contacts: { whatsapp: null, email: 'help@bank.example', phone: null },
    })
    expect((await t.action('institutionDetails', { token })).body).toMatchObject({
      username: expect.stringMatching(/^customer/),
      accountNumber: expect.stringMatching(/^\d+$/),
      currency: '$',
    })
    expect((await t.action('kycDocumentTypes')).body).toEqual({ docs: expect.any(Array) })
    expect((await t.action('supportContacts', {})).status).toBe(401)
    expect((await t.action('customerProfile', {})).status).toBe(401)
  })
})
