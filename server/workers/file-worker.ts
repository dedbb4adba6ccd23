import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

/**
 * The worker thread's side of a file built off the server's thread (file-from-worker.ts starts
 * it): rows come in batches (`{ rows }`) and `{ done: true }` ends the file. The pieces of the
 * file a batch made go back together as one chunk (`{ chunk }`, its memory handed over, not
 * copied), then `{ drawn: true }` asks for the next batch, and `{ end: true }` follows the last
 * chunk. A failure is thrown: the thread ends with it, and the server fails the download.
 *
 * One chunk per batch, not one per piece: pdfkit writes a file in pieces of a few bytes to a
 * few kilobytes (about 17 a page), and each piece as a message of its own, then a write to the
 * socket of its own, cost more of both threads than drawing the page did.
 */
export type ToFileWorker<Row> = { rows: Row[] } | { done: true }
export type FromFileWorker = { chunk: Uint8Array } | { drawn: true } | { end: true }

/** Where a builder puts its file. */
export interface FileOutput {
  write(piece: Uint8Array): void
  /** After the last piece. */
  end(): void
}

/** Builds one file: rows are added a batch at a time, then `finish` ends it (then `output.end`). */
export interface FileBuilder<Row> {
  add(rows: readonly Row[]): void
  finish(): void
}

export function serveFile<Data, Row>(
  build: (data: Data, output: FileOutput) => FileBuilder<Row>,
): void {
  const port = parentPort
  if (!port) throw new Error('a file worker runs as a worker thread')
  // A file yields the CPU to the server's thread, which answers everyone else: on Linux a nice
  // value belongs to the thread that sets it (setpriority(2), "Bugs"), so this lowers only the
  // worker. Elsewhere it would lower the whole server, so it is left alone there.
  if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL)
  const send = (message: FromFileWorker, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer)
  let pieces: Uint8Array[] = []
  /** The pieces written since the last chunk, copied into one buffer of their own. */
  const sendPieces = () => {
    if (pieces.length === 0) return
    const chunk = new Uint8Array(pieces.reduce((bytes, piece) => bytes + piece.byteLength, 0))
    let offset = 0
    for (const piece of pieces) {
      chunk.set(piece, offset)
      offset += piece.byteLength
    }
    pieces = []
    send({ chunk }, [chunk.buffer])
  }
  const builder = build((workerData as { data: Data }).data, {
    write(piece) {
      pieces.push(piece)
    },
    end() {
      sendPieces()
      send({ end: true })
      port.close()
    },
  })
  port.on('message', (message: ToFileWorker<Row>) => {
    if ('done' in message) builder.finish()
    else {
      builder.add(message.rows)
      sendPieces()
      send({ drawn: true })
    }
  })
}
