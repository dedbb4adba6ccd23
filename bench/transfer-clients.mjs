// The load generator of bench/transfers.ts, in a worker thread so that the clients' own work
// (fetch, JSON) does not run on the server's thread. Plain JavaScript: workers load it as is.
import { randomUUID } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'

const { endpoint, fields, clients, seconds } = workerData
let done = 0
let refused = 0
const deadline = performance.now() + seconds * 1000
const started = performance.now()
await Promise.all(
  clients.map(async ({ token, authorizations }) => {
    while (performance.now() < deadline && authorizations.length > 0) {
      const response = await fetch(endpoint, {
        method: 'POST',
        body: new URLSearchParams({
          ...fields,
          action: 'newtrs',
          token,
          authorization: authorizations.pop(),
          idempotency_key: randomUUID(),
        }),
      })
      const answer = await response.json()
      if (answer.icon === 'success') done++
      else refused++
    }
  }),
)
parentPort.postMessage({ done, refused, elapsed: (performance.now() - started) / 1000 })
