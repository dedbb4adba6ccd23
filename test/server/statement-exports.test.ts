import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transactions } from '#server/db/schema'
import { fileResponse } from '#server/statements/file-response'
import { exportHeapMb, fileFromWorker } from '#server/workers/file-from-worker'
import { createCustomer } from './support/customers'
import { bothDatabases } from './support/databases'
import { pdfContents } from './support/pdf-contents'
import { sampleHeading, samplePdfRows, sampleRows } from './support/statement-sample'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The statement exports built on worker threads (docs/decisions/083) write what the server wrote
 * before (the fixtures were made by the code of decision 069 from the sample statement), and a
 * worker that fails mid-file breaks the download, visibly, while the server carries on.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'latin1')

async function* inBatches<Row>(rows: Row[], size: number) {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size)
}

const csvWorker = 'server/statements/statement-csv.worker.ts'

describe.each(bothDatabases)('statement exports on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('writes the sample statement as CSV byte for byte as before, newest first', async () => {
    const customer = await createCustomer(t)
    await t.db
      .insert(transactions)
      .values(sampleRows.map(({ id: _, ...row }) => ({ ...row, userId: customer.id })))
    const token = await t.login(customer.email, customer.passcode)
    const response = await t.download('statementcsv', { token })
    expect(response.status).toBe(200)
    const [header, ...lines] = fixture('statement-sample.csv').split('\r\n')
    const expected = [header, ...lines.slice(0, -1).reverse(), ''].join('\r\n')
    expect(Buffer.from(await response.arrayBuffer()).toString('latin1')).toBe(expected)
  })
})

describe('statement exports on worker threads', () => {
  it('draws the sample statement as PDF as before', async () => {
    const stream = fileFromWorker({
      worker: 'server/statements/statement-pdf.worker.ts',
      heapMb: exportHeapMb,
      open: async () => ({ data: sampleHeading, batches: inBatches(samplePdfRows, 50) }),
    })
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
    expect(pdfContents(bytes)).toBe(fixture('statement-sample.pdf.txt'))
  })

  it('lets a customer stop a download mid-file while the worker still has pieces on their way', async () => {
    // Cancelled after the first piece, many times over: a piece that arrives after the stream
    // ended must be dropped, not enqueued (which would throw on the server's thread).
    const rows = Array.from({ length: 40 }, () => sampleRows).flat()
    for (let attempt = 0; attempt < 20; attempt++) {
      const reader = fileFromWorker({
        worker: csvWorker,
        heapMb: exportHeapMb,
        open: async () => ({ data: null, batches: inBatches(rows, 5) }),
      }).getReader()
      const first = await reader.read()
      expect(first.done).toBe(false)
      await reader.cancel()
    }
    // Pieces still on their way land during this pause, after every stream was cancelled.
    await new Promise((resolve) => setTimeout(resolve, 200))
  })

  it('breaks the download when the worker fails mid-file, and the server keeps serving', async () => {
    // A real HTTP server answering as the portal answers a download, its file from the worker.
    const app = new Hono()
    app.get('/file/:rows', (c) => {
      const good = sampleRows.slice(0, 40)
      // A row the worker cannot write (its date is not a date) after the first batch.
      const broken = { ...good[0], createdAt: 'not a date' } as unknown as (typeof good)[number]
      const rows = c.req.param('rows') === 'broken' ? [...good, broken] : good
      return fileResponse(
        fileFromWorker({
          worker: csvWorker,
          heapMb: exportHeapMb,
          open: async () => ({ data: null, batches: inBatches(rows, 20) }),
        }),
        'text/csv',
        'statement.csv',
      )
    })
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started),
      )
    })
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const broken = await fetch(`${base}/file/broken`)
      // The answer had begun (the header and the first rows), so it cannot turn into an error
      // status: it ends without its last chunk, which every HTTP client reports as a failure.
      expect(broken.status).toBe(200)
      await expect(broken.text()).rejects.toThrow()
      const whole = await fetch(`${base}/file/whole`)
      expect(whole.status).toBe(200)
      expect((await whole.text()).split('\r\n')).toHaveLength(1 + 40 + 1)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
