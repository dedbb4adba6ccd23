import os from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'

/**
 * The worker thread's side of a file built off the server's thread (file-from-worker.ts starts
 * it): rows come in batches (`{ rows }`) and `{ done: true }` ends the file. Each piece of the
 * file goes back as soon as it is made (`{ chunk }`, its memory handed over, not copied),
 * `{ drawn: true }` after each batch asks for the next, and `{ end: true }` follows the last
 * piece. A failure is thrown: the thread ends with it, and the server fails the download.
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
  const builder = build((workerData as { data: Data }).data, {
    write(piece) {
      // A piece that is a view of a larger buffer (Node's pool) is copied: only its bytes move.
      const chunk =
        piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength
          ? piece
          : new Uint8Array(piece)
      send({ chunk }, [chunk.buffer as ArrayBuffer])
    },
    end() {
      send({ end: true })
      port.close()
    },
  })
  port.on('message', (message: ToFileWorker<Row>) => {
    if ('done' in message) builder.finish()
    else {
      builder.add(message.rows)
      send({ drawn: true })
    }
  })
}
