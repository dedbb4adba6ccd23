/**
 * Stored files in the database (docs/decisions/107): FILES files of FILE_MB megabytes (default
 * 20 of 5, the upload cap) kept one transaction each, as an upload keeps its file, then each
 * read back and opened; the time per file both ways, the table's size on disk per file, and the
 * process's RSS at its highest. Embedded PGlite in a new data directory, or a new database on
 * the PostgreSQL of DATABASE_URL (dropped after). `npx tsx bench/stored-files.ts`; figures only.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '#server/db/database'
import { setKeyRing, singleKeyRing } from '#server/keys/key-ring'
import { createUploadStore } from '#server/storage/uploads'

const files = Number(process.env.FILES ?? 20)
const fileBytes = Number(process.env.FILE_MB ?? 5) * 1024 * 1024
const serverUrl = process.env.DATABASE_URL || undefined
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

setKeyRing(singleKeyRing(randomBytes(32)))
const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-files-'))
const name = `portal_bench_files_${randomBytes(4).toString('hex')}`
let databaseUrl: string | undefined
if (serverUrl) {
  await adminQuery(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  databaseUrl = url.toString()
}
const database = await openDatabase({
  databaseUrl,
  dataDir: path.join(dir, 'pgdata'),
  migrate: true,
})
let peakRss = process.memoryUsage().rss
const sample = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 5)
try {
  const uploads = createUploadStore(path.join(dir, 'uploads'))
  const startRss = process.memoryUsage().rss
  const kept: { id: number; storedName: string }[] = []
  const keepMs: number[] = []
  for (let n = 0; n < files; n++) {
    // Bytes that do not compress, as a photo's or a sealed file's.
    const bytes = new Uint8Array(randomBytes(fileBytes))
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const checked = {
      purpose: 'payment_proof' as const,
      bytes,
      mimeType: 'image/png',
      extension: 'png',
    }
    const started = performance.now()
    kept.push(await database.db.transaction((tx) => uploads.keep(tx, checked, null, new Date())))
    keepMs.push(performance.now() - started)
  }
  const readMs: number[] = []
  for (const file of kept) {
    const started = performance.now()
    await uploads.read(database.db, file)
    readMs.push(performance.now() - started)
  }
  const result = await database.db.execute(
    sql`select pg_total_relation_size('stored_file_contents')::text as bytes`,
  )
  const [size] = (result as unknown as { rows: { bytes: string }[] }).rows
  const onDisk = Number(size?.bytes ?? 0)
  console.log(
    `database: ${serverUrl ? 'PostgreSQL' : 'PGlite'}, ${files} files of ${mb(fileBytes)}`,
  )
  console.log(
    `keep (one transaction each): median ${median(keepMs).toFixed(0)} ms, slowest ${Math.max(...keepMs).toFixed(0)} ms`,
  )
  console.log(
    `read and open: median ${median(readMs).toFixed(0)} ms, slowest ${Math.max(...readMs).toFixed(0)} ms`,
  )
  console.log(`stored_file_contents on disk: ${mb(onDisk)}, ${mb(onDisk / files)} a file`)
  console.log(`RSS: ${mb(startRss)} before, ${mb(peakRss)} at its highest`)
} finally {
  clearInterval(sample)
  await database.close()
  await rm(dir, { recursive: true, force: true })
  if (serverUrl) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}
