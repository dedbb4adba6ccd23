import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedFiles, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { type FilePurpose, RejectedUpload, withStagedUploads } from '#server/storage/uploads'
import { databaseTargets } from './support/databases'
import { pdf, png, svg } from './support/files'
import { keptUpload } from './support/kept-upload'
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

  const keep = (file: File, purpose: FilePurpose, owner: number) =>
    keptUpload(t.deps.uploads, t.db, file, purpose, owner)
  const files = () => readdir(t.deps.uploads.directory).catch(() => [] as string[])
  const rowsOf = (ids: number[]) =>
    t.db.select().from(storedFiles).where(inArray(storedFiles.id, ids))

  it('stores an image privately under a server-generated name', async () => {
    const stored = await keep(new File([png], '../../etc/passwd.png'), 'kyc_front', userId)
    expect(stored.mimeType).toBe('image/png')
    expect(stored.storedName).toMatch(/^[0-9a-f-]{36}\.png$/)
    const file = await stat(path.join(t.deps.uploads.directory, stored.storedName))
    expect(file.mode & 0o777).toBe(0o600)
  })

  it('accepts a PDF for documents but not for a picture', async () => {
    await expect(keep(new File([pdf], 'id.pdf'), 'kyc_back', userId)).resolves.toMatchObject({
      mimeType: 'application/pdf',
    })
    await expect(keep(new File([pdf], 'me.pdf'), 'profile_picture', userId)).rejects.toBeInstanceOf(
      RejectedUpload,
    )
  })

  it('refuses SVG, empty files and bytes that are not what the name says', async () => {
    const before = await readdir(t.deps.uploads.directory)
    await expect(
      keep(new File([svg], 'x.svg', { type: 'image/svg+xml' }), 'kyc_picture', userId),
    ).rejects.toThrow(/PNG, JPG, GIF or WebP/)
    await expect(keep(new File([], 'empty.png'), 'kyc_picture', userId)).rejects.toThrow(/empty/)
    await expect(
      keep(new File(['MZ not an image'], 'x.png', { type: 'image/png' }), 'kyc_picture', userId),
    ).rejects.toBeInstanceOf(RejectedUpload)
    expect(await readdir(t.deps.uploads.directory)).toEqual(before)
  })

  it('serves profile pictures with nosniff, and nothing else from uploads', async () => {
    const picture = await keep(new File([png], 'me.png'), 'profile_picture', userId)
    const served = await t.app.request(`/uploads/pictures/${picture.storedName}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)

    const document = await keep(new File([png], 'id.png'), 'kyc_front', userId)
    expect((await t.app.request(`/uploads/pictures/${document.storedName}`)).status).toBe(404)
    expect((await t.app.request('/uploads/pictures/..%2F..%2Fetc%2Fpasswd')).status).toBe(404)
    expect((await t.app.request(`/uploads/${document.storedName}`)).status).toBe(404)
  })

  it('stages the row before the file, and a staged file stays pending until claimed', async () => {
    const checked = await t.deps.uploads.check(new File([png], 'id.png'), 'kyc_front')
    const staged = await t.deps.uploads.stage(t.db, checked, userId, t.clock.now())
    expect(await files()).toContain(staged.storedName)
    expect((await rowsOf([staged.id]))[0]?.pendingSince).toEqual(t.clock.now())
    await t.deps.uploads.claim(t.db, [staged.id])
    expect((await rowsOf([staged.id]))[0]?.pendingSince).toBeNull()
  })

  it('unstages only what is still pending: a claimed file is never removed', async () => {
    const stage = async () =>
      t.deps.uploads.stage(
        t.db,
        await t.deps.uploads.check(new File([png], 'p.png'), 'payment_proof'),
        userId,
        t.clock.now(),
      )
    const [claimed, unclaimed] = [await stage(), await stage()]
    await t.deps.uploads.claim(t.db, [claimed.id])
    await t.deps.uploads.unstage(t.db, [claimed.id, unclaimed.id])
    expect(await files()).toContain(claimed.storedName)
    expect(await files()).not.toContain(unclaimed.storedName)
    expect((await rowsOf([claimed.id, unclaimed.id])).map((row) => row.id)).toEqual([claimed.id])
  })

  it('keeps what the work claimed, and nothing when it refuses or throws', async () => {
    const before = await files()
    const checked = await t.deps.uploads.check(new File([png], 'p.png'), 'payment_proof')
    const owner = { userId, now: t.clock.now() }
    const seen: number[] = []
    const refused = await withStagedUploads(t.deps, [checked], owner, async ([staged]) => {
      seen.push(staged.id)
      return 'refused'
    })
    expect(refused).toBe('refused')
    await expect(
      withStagedUploads(t.deps, [checked, checked], owner, async (staged) => {
        seen.push(...staged.map((upload) => upload.id))
        await t.db.transaction(async (tx) => {
          await t.deps.uploads.claim(
            tx,
            staged.map((upload) => upload.id),
          )
          throw new Error('the owning transaction failed')
        })
      }),
    ).rejects.toThrow('the owning transaction failed')
    expect(seen).toHaveLength(3)
    expect(await files()).toEqual(before)
    expect(await rowsOf(seen)).toEqual([])

    const kept = await withStagedUploads(t.deps, [checked], owner, async ([staged]) => {
      await t.db.transaction((tx) => t.deps.uploads.claim(tx, [staged.id]))
      return staged
    })
    expect(await files()).toContain(kept.storedName)
    expect((await rowsOf([kept.id]))[0]?.pendingSince).toBeNull()
  })

  it('a released file is pending again: unstaged after its commit, or swept once stale', async () => {
    const first = await keep(new File([png], 'a.png'), 'profile_picture', userId)
    const second = await keep(new File([png], 'b.png'), 'profile_picture', userId)
    await t.db.transaction((tx) => t.deps.uploads.release(tx, [first.id, second.id], t.clock.now()))
    await t.deps.uploads.unstage(t.db, [first.id])
    expect(await files()).not.toContain(first.storedName)
    expect(await files()).toContain(second.storedName)

    // The server died before unstaging the second: a start within the hour leaves it alone.
    const hour = 3_600_000
    await t.deps.uploads.sweep(t.db, new Date(t.clock.now().getTime() + hour / 2), hour)
    expect(await files()).toContain(second.storedName)
    await t.deps.uploads.sweep(t.db, new Date(t.clock.now().getTime() + 2 * hour), hour)
    expect(await files()).not.toContain(second.storedName)
    expect(await rowsOf([first.id, second.id])).toEqual([])
  })
})
