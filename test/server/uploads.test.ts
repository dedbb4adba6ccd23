import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storedFileContents, storedFiles, users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { openDocument, sealDocument, UnreadableDocument } from '#server/storage/document-sealing'
import { moveUploadsIntoDatabase } from '#server/storage/move-uploads'
import { type FilePurpose, RejectedUpload } from '#server/storage/uploads'
import { bothDatabases } from './support/databases'
import { pdf, png, svg } from './support/files'
import { keptFileIds } from './support/kept-files'
import { keptUpload } from './support/kept-upload'
import { ensureTestMailKey } from './support/mail-key'
import { startTestApp, type TestApp } from './support/test-app'

describe('sealed documents', () => {
  it('opens what it sealed, and refuses bytes that were changed', () => {
    ensureTestMailKey()
    const { keyId, sealed } = sealDocument(png)
    expect(Buffer.from(sealed).includes(Buffer.from(png.subarray(1, 4)))).toBe(false)
    expect(openDocument(keyId, sealed)).toEqual(png)
    const changed = Uint8Array.from(sealed)
    changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 1
    expect(() => openDocument(keyId, changed)).toThrow(UnreadableDocument)
    expect(() => openDocument(keyId, new Uint8Array(8))).toThrow(UnreadableDocument)
    expect(() => openDocument('not-a-key', sealed)).toThrow(UnreadableDocument)
  })
})

describe.each(bothDatabases)('uploaded files on %s', (target) => {
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
  const rowsOf = (ids: number[]) =>
    t.db.select().from(storedFiles).where(inArray(storedFiles.id, ids))
  const disk = () => t.deps.uploads.legacy.directory
  const onDisk = () => readdir(disk()).catch(() => [] as string[])

  it('keeps an image sealed in the database under a server-generated name, nothing on disk', async () => {
    const stored = await keep(new File([png], '../../etc/passwd.png'), 'kyc_front', userId)
    expect(stored.mimeType).toBe('image/png')
    expect(stored.storedName).toMatch(/^[0-9a-f-]{36}\.png$/)
    const [content] = await t.db
      .select()
      .from(storedFileContents)
      .where(eq(storedFileContents.fileId, stored.id))
    expect(content?.sealed).toBeDefined()
    expect(Buffer.from(content?.sealed ?? []).equals(Buffer.from(png))).toBe(false)
    expect(await t.deps.uploads.read(t.db, stored)).toEqual(png)
    expect(await onDisk()).toEqual([])
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
    const before = await keptFileIds(t.db)
    await expect(
      keep(new File([svg], 'x.svg', { type: 'image/svg+xml' }), 'kyc_picture', userId),
    ).rejects.toThrow(/PNG, JPG, GIF or WebP/)
    await expect(keep(new File([], 'empty.png'), 'kyc_picture', userId)).rejects.toThrow(/empty/)
    await expect(
      keep(new File(['MZ not an image'], 'x.png', { type: 'image/png' }), 'kyc_picture', userId),
    ).rejects.toBeInstanceOf(RejectedUpload)
    expect(await keptFileIds(t.db)).toEqual(before)
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

  it('keeps row and bytes with the owning transaction: both or neither', async () => {
    const before = await keptFileIds(t.db)
    const checked = await t.deps.uploads.check(new File([png], 'p.png'), 'payment_proof')
    let kept = 0
    await expect(
      t.db.transaction(async (tx) => {
        kept = (await t.deps.uploads.keep(tx, checked, userId, t.clock.now())).id
        throw new Error('the owning transaction failed')
      }),
    ).rejects.toThrow('the owning transaction failed')
    expect(kept).toBeGreaterThan(0)
    expect(await rowsOf([kept])).toEqual([])
    expect(await keptFileIds(t.db)).toEqual(before)
  })

  it('a discarded file loses its row and its bytes with the commit', async () => {
    const picture = await keep(new File([png], 'a.png'), 'profile_picture', userId)
    await t.db.transaction((tx) => t.deps.uploads.discard(tx, [picture.id]))
    expect(await rowsOf([picture.id])).toEqual([])
    expect(await keptFileIds(t.db)).not.toContain(picture.id)
    expect((await t.app.request(`/uploads/pictures/${picture.storedName}`)).status).toBe(404)
  })

  /** A file as an earlier version kept it: a row, and its bytes under DATA_DIR/uploads. */
  async function keptOnDisk(
    bytes: Uint8Array,
    options: { pendingSince?: Date; digestOf?: Uint8Array } = {},
  ) {
    const storedName = `${randomUUID()}.png`
    const [row] = await t.db
      .insert(storedFiles)
      .values({
        userId,
        purpose: 'profile_picture',
        storedName,
        mimeType: 'image/png',
        size: bytes.byteLength,
        sha256: createHash('sha256')
          .update(options.digestOf ?? bytes)
          .digest('hex'),
        pendingSince: options.pendingSince ?? null,
      })
      .returning()
    await mkdir(disk(), { recursive: true, mode: 0o700 })
    await writeFile(path.join(disk(), storedName), bytes, { mode: 0o600 })
    if (!row) throw new Error('no row')
    return row
  }

  it('serves a file an earlier version kept on disk, then moves it into the database while serving', async () => {
    const legacy = await keptOnDisk(png)
    const damaged = await keptOnDisk(png, { digestOf: pdf })
    const pending = await keptOnDisk(png, { pendingSince: t.clock.now() })
    const noRow = `${randomUUID()}.png`
    await writeFile(path.join(disk(), noRow), png)
    const served = () => t.app.request(`/uploads/pictures/${legacy.storedName}`)
    expect(new Uint8Array(await (await served()).arrayBuffer())).toEqual(png)

    const moved = await moveUploadsIntoDatabase(t.db, t.deps.uploads, { batchSize: 2 })
    expect(moved).toEqual({ moved: 1, damaged: [damaged.storedName] })
    expect(await keptFileIds(t.db)).toContain(legacy.id)
    expect((await onDisk()).sort()).toEqual([damaged.storedName, pending.storedName, noRow].sort())
    const again = await served()
    expect(again.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(png)

    // Run again (another server, a later start): nothing more to move, nothing changes.
    expect(await moveUploadsIntoDatabase(t.db, t.deps.uploads)).toEqual({
      moved: 0,
      damaged: [damaged.storedName],
    })
    // A kill after the copy's commit left the file on disk too: the next run only removes it.
    await writeFile(path.join(disk(), legacy.storedName), png)
    expect((await moveUploadsIntoDatabase(t.db, t.deps.uploads)).moved).toBe(0)
    expect(await onDisk()).not.toContain(legacy.storedName)
    expect(new Uint8Array(await (await served()).arrayBuffer())).toEqual(png)
  })

  it("sweeps an earlier version's stale pending files and files without a row", async () => {
    const hour = 3_600_000
    const pending = await keptOnDisk(png, { pendingSince: t.clock.now() })
    const orphan = `${randomUUID()}.png`
    await writeFile(path.join(disk(), orphan), png)
    const old = new Date(t.clock.now().getTime() - 2 * hour)
    await utimes(path.join(disk(), orphan), old, old)

    await t.deps.uploads.legacy.sweep(t.db, new Date(t.clock.now().getTime() + hour / 2), hour)
    expect(await onDisk()).toContain(pending.storedName)
    expect(await onDisk()).not.toContain(orphan)
    await t.deps.uploads.legacy.sweep(t.db, new Date(t.clock.now().getTime() + 2 * hour), hour)
    expect(await onDisk()).not.toContain(pending.storedName)
    expect(await rowsOf([pending.id])).toEqual([])
  })
})
