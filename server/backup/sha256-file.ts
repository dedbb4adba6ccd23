import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'

/** A file's size and SHA-256, read as a stream: a dump may be larger than memory. */
export async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') }
}
