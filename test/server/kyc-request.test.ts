import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kycRequests, notifications, storedFiles, users } from '#server/db/schema'
import { signedInCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { fileOf, pdf, png } from './support/files'
import { keptFileIds } from './support/kept-files'
import { startTestApp, type TestApp } from './support/test-app'

const sent =
  'Your verification request has been sent. We will let you know when it has been checked.'
const alreadyPending = 'Your verification request is already waiting for review.'

describe.each(databaseTargets)('the dashboard KYC request on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  const uploadedFiles = () => keptFileIds(t.db)
  const requestsOf = (userId: number) =>
    t.db.select().from(kycRequests).where(eq(kycRequests.userId, userId))
  const request = (token: string, fields: Record<string, string | Blob> = {}) =>
    t.action('requestKycDocument', {
      token,
      type: "Driver's License",
      document: fileOf(png, 'licence.png', 'image/png'),
      ...fields,
    })

  it("files the document in the operators' queue, without changing the account's status", async () => {
    const customer = await signedInCustomer(t)
    const before = await uploadedFiles()
    expect(await request(customer.token)).toEqual({
      status: 200,
      body: { status: true, message: sent },
    })
    const [row] = await requestsOf(customer.id)
    expect(row).toMatchObject({ status: 'pending', documentType: "Driver's License" })
    const [stored] = await t.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, row?.documentFileId ?? 0))
    expect(stored).toMatchObject({
      purpose: 'kyc_front',
      mimeType: 'image/png',
      pendingSince: null,
    })
    expect((await uploadedFiles()).length).toBe(before.length + 1)
    const [user] = await t.db.select().from(users).where(eq(users.id, customer.id))
    expect(user?.verificationStatus).toBe('Verified')

    const queue = await t.command('kyc requests')
    expect(queue).toContain(customer.email)
    expect(queue).toContain("Driver's License")
    expect(queue).toContain(`/wp-admin/files/${stored?.id}`)
  })

  it('keeps one request pending at a time, and takes a new one once it is decided', async () => {
    const customer = await signedInCustomer(t)
    expect((await request(customer.token)).body.status).toBe(true)
    const files = (await uploadedFiles()).length
    expect((await request(customer.token)).body).toEqual({
      status: false,
      message: alreadyPending,
    })
    expect(await uploadedFiles()).toHaveLength(files)
    expect(await requestsOf(customer.id)).toHaveLength(1)

    const [pending] = await requestsOf(customer.id)
    await t.command('kyc request decline', String(pending?.id), 'The photo is blurred.')
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.id))
    expect(told).toMatchObject({
      title: 'Your verification request was declined',
      body: 'We could not accept your document: The photo is blurred. Please send a new request.',
    })
    expect(await t.command('kyc requests')).not.toContain(customer.email)

    expect((await request(customer.token, { type: 'National ID Card' })).body.status).toBe(true)
    const rows = await requestsOf(customer.id)
    expect(rows.map((row) => [row.documentType, row.status]).sort()).toEqual([
      ["Driver's License", 'declined'],
      ['National ID Card', 'pending'],
    ])
    const latest = rows.find((row) => row.status === 'pending')
    expect(await t.command('kyc request approve', String(latest?.id))).toContain('is approved')
    await expect(t.command('kyc request approve', String(latest?.id))).rejects.toThrow(
      /No pending KYC request/,
    )
  })

  it('takes a PDF, and judges the file by its bytes, not its name', async () => {
    const customer = await signedInCustomer(t)
    const files = (await uploadedFiles()).length
    const disguised = fileOf(new TextEncoder().encode('just text'), 'licence.png', 'image/png')
    const refused = await request(customer.token, { document: disguised })
    expect(refused.body.status).toBe(false)
    expect(refused.body.message).toMatch(/^The document was not accepted: /)
    expect(await uploadedFiles()).toHaveLength(files)
    expect(await requestsOf(customer.id)).toEqual([])

    const accepted = await request(customer.token, {
      document: fileOf(pdf, 'licence.pdf', 'application/pdf'),
    })
    expect(accepted.body).toEqual({ status: true, message: sent })
  })

  it('refuses a document type that is not offered, and a request without a session', async () => {
    const customer = await signedInCustomer(t)
    expect((await request(customer.token, { type: 'Library card' })).body).toEqual({
      status: false,
      message: 'Please choose a document type from the list.',
    })
    expect(await requestsOf(customer.id)).toEqual([])
    expect((await request('not-a-token')).status).toBe(401)
  })
})
