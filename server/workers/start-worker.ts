import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { projectFile } from '../project-root'

/**
 * Whether this is the compiled server (server-dist/, docs/decisions/084) rather than its
 * TypeScript sources run through tsx (`npm run dev`, the tests).
 */
const compiled = !import.meta.url.endsWith('.ts')

/**
 * Starts the worker module `source` (a `server/**\/*.worker.ts` file, given by its path from
 * the project's root) on a thread of its own with `data` (its `workerData.data`). The compiled
 * server runs the module's compiled copy, server-dist/<its name>.js, with plain node; the
 * sources run it through typescript-worker.mjs, which registers tsx first. `resourceLimits`
 * caps the thread's own heap.
 */
export function startWorker(
  source: string,
  data: unknown,
  options: Pick<WorkerOptions, 'resourceLimits'> = {},
): Worker {
  if (compiled)
    return new Worker(projectFile('server-dist', `${path.basename(source, '.ts')}.js`), {
      ...options,
      workerData: { data },
    })
  return new Worker(new URL('./typescript-worker.mjs', import.meta.url), {
    ...options,
    workerData: { entry: pathToFileURL(projectFile(source)).href, data },
  })
}
