import { Worker, type WorkerOptions } from 'node:worker_threads'

const bootstrap = new URL('./typescript-worker.mjs', import.meta.url)

/**
 * Starts the TypeScript module `entry` on a worker thread with `data` (its `workerData.data`),
 * through typescript-worker.mjs. `resourceLimits` caps the thread's own heap.
 */
export function startWorker(
  entry: URL,
  data: unknown,
  options: Pick<WorkerOptions, 'resourceLimits'> = {},
): Worker {
  return new Worker(bootstrap, { ...options, workerData: { entry: entry.href, data } })
}
