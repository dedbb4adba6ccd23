import type { Worker } from 'node:worker_threads'
import type { FromFileWorker, ToFileWorker } from './file-worker'
import { startWorker } from './start-worker'

/**
 * The old generation of an export's worker, in MB: a worker keeps a batch and a page at a time,
 * so a file of any length fits; one that does not is a fault, and fails alone.
 */
export const exportHeapMb = 96

/** What a file's worker needs: its data (a PDF's heading), and the rows a batch at a time. */
export interface FileSource<Row> {
  data: unknown
  batches: AsyncGenerator<Row[]>
}

/**
 * A download built on a worker thread (docs/decisions/083): this thread reads the rows a batch
 * at a time and hands each over, reading the next while the worker turns the last into bytes;
 * the worker's pieces of the file are the stream's. The worker holds up to two batches, the one
 * it builds and the next, so it goes on at once when it finishes one instead of waiting for this
 * thread (on the embedded database, busy with a query) to hand it the next. The next batch is
 * asked for only when the reader has taken what came before (a pull, with a 1 MB high-water
 * mark), so memory stays bounded however slow the customer's connection.
 *
 * The worker's old generation is capped at `heapMb`: a runaway file fails on its own instead of
 * growing the server. A failure (the worker's or a read's) errors the stream, which ends the
 * HTTP answer without its last chunk, so the client sees a broken download rather than a short
 * file; the worker is stopped, and the server carries on. A cancelled download stops both.
 */
export function fileFromWorker<Row>(options: {
  /** The worker's module (a `server/**\/*.worker.ts`, from the project's root). */
  worker: string
  heapMb: number
  open: () => Promise<FileSource<Row>>
}): ReadableStream<Uint8Array> {
  let worker: Worker | undefined
  let batches: AsyncGenerator<Row[]> | undefined
  // The batch after those handed over, read meanwhile: reading and building overlap.
  let nextBatch: Promise<IteratorResult<Row[]>> | undefined
  /** The batches with the worker, oldest first: each settles when the worker has built it. */
  const handedOver: { built: Promise<void>; resolve: () => void }[] = []
  const batchesAtOnce = 2
  /** Pieces of the file enqueued so far; every row handed over; the stream closed or failed. */
  let pieces = 0
  let allSent = false
  let finished = false

  const send = (message: ToFileWorker<Row>) => worker?.postMessage(message)
  async function stop() {
    finished = true
    await batches?.return(undefined)
    await worker?.terminate()
  }
  /**
   * Hands the worker the next batch, then waits until the oldest batch it holds is built if it
   * holds two; or ends the file.
   */
  async function buildNextBatch() {
    if (!worker || !batches || !nextBatch) return
    const next = await nextBatch
    if (next.done) {
      allSent = true
      send({ done: true })
      return
    }
    let resolve = () => {}
    const built = new Promise<void>((settle) => {
      resolve = settle
    })
    handedOver.push({ built, resolve })
    send({ rows: next.value })
    nextBatch = readAhead(batches)
    if (handedOver.length >= batchesAtOnce) await handedOver[0]?.built
  }

  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        const source = await options.open()
        batches = source.batches
        worker = startWorker(options.worker, source.data, {
          resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
        })
        worker.on('message', (message: FromFileWorker) => {
          // A worker stopped by a failure or a cancelled download may still have pieces on
          // their way; the stream is over, and enqueuing them would throw on this thread.
          if (finished) return
          if ('chunk' in message) {
            pieces++
            controller.enqueue(message.chunk)
          } else if ('drawn' in message) handedOver.shift()?.resolve()
          else {
            finished = true
            controller.close()
          }
        })
        const fail = (error: Error) => {
          if (finished) return
          finished = true
          controller.error(error)
          for (const batch of handedOver.splice(0)) batch.resolve()
          void batches?.return(undefined)
        }
        worker.on('error', fail)
        worker.on('exit', (code) =>
          fail(new Error(`the file's worker stopped (exit code ${code})`)),
        )
        nextBatch = readAhead(batches)
      },
      // A pull must end with something enqueued (or the file finished): the stream asks again
      // only after a read or an enqueue, so a pull that only built would leave the reader
      // waiting. A batch may make no piece yet (a PDF page not full), so this hands batches
      // over until one does.
      async pull() {
        const piecesBefore = pieces
        try {
          while (!allSent && !finished && pieces === piecesBefore) await buildNextBatch()
        } catch (error) {
          // A read failed: the worker has nothing more to build.
          await stop()
          throw error
        }
      },
      cancel: stop,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
  )
}

/**
 * The next batch, asked for now and awaited later: marked as handled at once, so a failed read
 * that comes while the worker builds is not an unhandled rejection (the pull that awaits it
 * still fails the stream with it).
 */
function readAhead<Row>(batches: AsyncGenerator<Row[]>) {
  const next = batches.next()
  next.catch(() => undefined)
  return next
}
