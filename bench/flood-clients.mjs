// The flood of `npm run bench:flood`, in a process of its own so that its sending and reading
// take no time from the server's event loop (bench/flood.ts measures that loop's latency).
// Receives { port, addresses, rate } (one local address per flooder). Without `rate`, each
// flooder is a closed loop: it sends, waits for the answer, sends again, as fast as the server
// answers. With `rate`, the flooders together send `rate` requests a second whatever the
// answers (open loop; a request waiting for its answer holds a connection, and more are opened).
// Answers 'count' with the count of each status so far (or of each error code, such as
// ECONNRESET; 'pending': sent and not answered yet); on 'stop' answers with the counts and exits.
import { request } from 'node:http'

const statuses = {}
let pending = 0
let serial = 0

function send(port, target, form, localAddress) {
  const body = new URLSearchParams(form).toString()
  pending++
  return new Promise((resolve) => {
    const done = (status) => {
      pending--
      statuses[status] = (statuses[status] ?? 0) + 1
      resolve(status)
    }
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: target,
        localAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (incoming) => {
        incoming.resume()
        incoming.on('end', () => done(incoming.statusCode ?? 0))
        incoming.on('error', (error) => done(error.code ?? 'error'))
      },
    )
    outgoing.on('error', (error) => done(error.code ?? 'error'))
    outgoing.end(body)
  })
}

/** One hashing call: a signup or a passcode-reset code resend, alternately. */
function floodOnce(port, address) {
  serial++
  const email = `flood${serial}@example.com`
  return serial % 2
    ? send(
        port,
        '/api/users?crud=newuser',
        {
          first_name: 'Flood',
          last_name: 'Er',
          username: `flood_${serial}`,
          email,
          password: '135790',
          fullname: '',
        },
        address,
      )
    : send(port, '/api/users', { action: 'resendforgotcode', email }, address)
}

const counts = () => ({ ...statuses, ...(pending > 0 ? { pending } : {}) })

process.once('message', async ({ port, addresses, rate }) => {
  let running = true
  process.on('message', (message) => {
    if (message === 'count') process.send(counts())
    if (message === 'stop') running = false
  })
  if (rate) {
    // Every 10 ms, the requests due by now, round-robin over the addresses.
    const began = performance.now()
    let sent = 0
    while (running) {
      const due = Math.floor(((performance.now() - began) / 1000) * rate)
      for (; sent < due; sent++) floodOnce(port, addresses[sent % addresses.length])
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  } else
    await Promise.all(
      addresses.map(async (address) => {
        while (running) await floodOnce(port, address)
      }),
    )
  process.send(counts(), () => process.exit(0))
})
