import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#server/config'
import { openDatabase } from '#server/db/database'
import { storedFiles } from '#server/db/schema'
import { startServer } from '#server/main'
import { freePort } from '../support/free-port'
import { copyPgliteTemplate } from '../support/pglite-copy'
import { png } from './support/files'
import { keptFileIds } from './support/kept-files'

/**
 * A DATA_DIR as an earlier version left it (a picture's row in the database, its bytes under
 * uploads/): the server started on it serves the picture at once and moves it into the database
 * while it serves (decision 107).
 */
describe('files an earlier version kept on disk, at the next start (PGlite)', () => {
  let dataDir: string
  let server: Awaited<ReturnType<typeof startServer>> | null = null
  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('moves it into the database as the server starts, and serves it the same whenever asked', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-move-'))
    const pgdata = path.join(dataDir, 'pgdata')
    await copyPgliteTemplate(pgdata)
    const storedName = `${randomUUID()}.png`
    const before = await openDatabase({ dataDir: pgdata, migrate: true })
    const [row] = await before.db
      .insert(storedFiles)
      .values({
        purpose: 'profile_picture',
        storedName,
        mimeType: 'image/png',
        size: png.byteLength,
        sha256: createHash('sha256').update(png).digest('hex'),
      })
      .returning({ id: storedFiles.id })
    await before.close()
    const onDisk = path.join(dataDir, 'uploads', storedName)
    await mkdir(path.dirname(onDisk), { mode: 0o700 })
    await writeFile(onDisk, png, { mode: 0o600 })

    const port = await freePort()
    const lines: string[] = []
    server = await startServer(
      parseConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) }),
      { log: (line) => lines.push(line), webRoot: dataDir },
    )
    const picture = () => fetch(`http://127.0.0.1:${port}/uploads/pictures/${storedName}`)
    const deadline = Date.now() + 30_000
    while (existsSync(onDisk) && Date.now() < deadline) {
      const served = await picture()
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
      await sleep(20)
    }
    expect(existsSync(onDisk)).toBe(false)
    expect(await keptFileIds(server.db)).toContain(row?.id)
    expect(lines.some((line) => line.includes('1 files moved from disk into the database'))).toBe(
      true,
    )
    const served = await picture()
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
  }, 120_000)
})
