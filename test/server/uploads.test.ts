import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { RejectedUpload } from '#server/storage/uploads'
import { databaseTargets } from './support/databases'
import { pdf, png, svg } from './support/files'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('uploaded files on %s', (target) => {
  let t: TestApp
  let userId: number
  beforeAll(async () => {
    t = await startTestApp(target)
    const [user] = await t.db.select().from(users).where(eq(users.email, demoCredentials[0].email))
    userId = user?.id as number
  })
  afterAll(() => t.close())

  it('stores an image privately under a server-generated name', async () => {
    const stored = await t.deps.uploads.save(
      t.db,
      new File([png], '../../etc/passwd.png'),
      'kyc_front',
      userId,
    )
    expect(stored.mimeType).toBe('image/png')
    expect(stored.storedName).toMatch(/^[0-9a-f-]{36}\.png$/)
    const file = await stat(path.join(t.deps.uploads.directory, stored.storedName))
    expect(file.mode & 0o777).toBe(0o600)
  })

  it('accepts a PDF for documents but not for a picture', async () => {
    await expect(
      t.deps.uploads.save(t.db, new File([pdf], 'id.pdf'), 'kyc_back', userId),
    ).resolves.toMatchObject({ mimeType: 'application/pdf' })
    await expect(
      t.deps.uploads.save(t.db, new File([pdf], 'me.pdf'), 'profile_picture', userId),
    ).rejects.toBeInstanceOf(RejectedUpload)
  })

  it('refuses SVG, empty files and bytes that are not what the name says', async () => {
    const before = await readdir(t.deps.uploads.directory)
    await expect(
      t.deps.uploads.save(
        t.db,
        new File([svg], 'x.svg', { type: 'image/svg+xml' }),
        'kyc_picture',
        userId,
      ),
    ).rejects.toThrow(/PNG, JPG, GIF or WebP/)
    await expect(
      t.deps.uploads.save(t.db, new File([], 'empty.png'), 'kyc_picture', userId),
    ).rejects.toThrow(/empty/)
    await expect(
      t.deps.uploads.save(
        t.db,
        new File(['MZ not an image'], 'x.png', { type: 'image/png' }),
        'kyc_picture',
        userId,
      ),
    ).rejects.toBeInstanceOf(RejectedUpload)
    expect(await readdir(t.deps.uploads.directory)).toEqual(before)
  })

  it('serves profile pictures with nosniff, and nothing else from uploads', async () => {
    const picture = await t.deps.uploads.save(
      t.db,
      new File([png], 'me.png'),
      'profile_picture',
      userId,
    )
    const served = await t.app.request(`/uploads/pictures/${picture.storedName}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)

    const document = await t.deps.uploads.save(t.db, new File([png], 'id.png'), 'kyc_front', userId)
    expect((await t.app.request(`/uploads/pictures/${document.storedName}`)).status).toBe(404)
    expect((await t.app.request('/uploads/pictures/..%2F..%2Fetc%2Fpasswd')).status).toBe(404)
    expect((await t.app.request(`/uploads/${document.storedName}`)).status).toBe(404)
  })
})
