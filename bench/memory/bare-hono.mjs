// The anchor of `npm run bench:memory`: Hono on @hono/node-server with one JSON route and
// nothing else, so the server's figures read against what Node and the web framework take alone.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
app.post('/api/users', (c) => c.json({ error: false, message: 'bare Hono' }))
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.log('portal: bare Hono listening'),
)
