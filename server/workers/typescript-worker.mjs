// The first module of every worker thread the TypeScript sources start (start-worker.ts, under
// `npm run dev` and the tests; the compiled server starts its compiled workers directly): Node
// cannot load TypeScript on its own, so the thread registers tsx, then imports the module the
// thread is for. That module reads its own data as `workerData.data`.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
