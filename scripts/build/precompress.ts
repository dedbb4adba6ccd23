import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const compressible = /\.(?:js|css|html|svg|json|txt)$/
/** Smaller files gain less than the bytes of a Content-Encoding header. */
const minimumBytes = 512

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build at
 * the highest levels, once, so the server negotiates Content-Encoding without compressing per
 * request. Source maps are left out: they are not served.
 */
export async function precompress(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
  let written = 0
  for (const file of files) {
    const bytes = await readFile(file)
    if (bytes.length < minimumBytes) continue
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    written++
  }
  return written
}
