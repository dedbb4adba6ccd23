// The flood of `npm run bench:flood`, in a process of its own so that its sending and reading
// take no time from the server's event loop (bench/flood.ts measures that loop's latency).
// Receives { port, addresses } (one local address per flooder), floods until sent 'stop', then
// answers with the count of each status it got.
import { request } from 'node:http'

function send(port, target, form, localAddress) {
  const body = new URLSearchParams(form).toString()
  return new Promise((resolve) => {
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
        incoming.on('end', () => resolve(incoming.statusCode ?? 0))
      },
    )
    outgoing.on('error', () => resolve(0))
    outgoing.end(body)
  })
}

process.once('message', async ({ port, addresses }) => {
  let running = true
  process.once('message', () => (running = false))
  const statuses = {}
  let serial = 0
  await Promise.all(
    addresses.map(async (address) => {
      while (running) {
        serial++
        const email = `flood${serial}@example.com`
        const status =
          serial % 2
            ? await send(
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
            : await send(port, '/api/users', { action: 'resendforgotcode', email }, address)
        statuses[status] = (statuses[status] ?? 0) + 1
      }
    }),
  )
  process.send(statuses, () => process.exit(0))
})
