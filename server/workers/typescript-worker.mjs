// The first module of every worker thread the server starts (start-worker.ts): Node cannot load
// TypeScript on its own, so the thread registers tsx, as `npm start` does for the server, then
// imports the module the thread is for. That module reads its own data as `workerData.data`.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
