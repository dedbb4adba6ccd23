import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { createCustomer } from './support/customers'
import { keptUpload } from './support/kept-upload'
import { startTestApp, type TestApp } from './support/test-app'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

describe('security headers (PGlite)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false })
  })
  afterAll(() => t.close())

  it('keeps the picture route its own, stricter CSP', async () => {
    const customer = await createCustomer(t)
    const picture = await keptUpload(
      t.deps.uploads,
      t.db,
      new File([png], 'me.png'),
      'profile_picture',
      customer.id,
    )
    const served = await t.app.request(`/uploads/pictures/${picture.storedName}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'")
  })

  it.each(['/wp-user/', '/wp-user/account/login', '/api/users'])(
    'sends X-Frame-Options DENY and a Permissions-Policy on %s',
    async (address) => {
      const response = await t.app.request(address)
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('permissions-policy')).toContain('camera=()')
      expect(response.headers.get('permissions-policy')).toContain('geolocation=()')
      // The portal's own Secure Payment Confirmation, nobody else's (decision 082).
      expect(response.headers.get('permissions-policy')).toContain('payment=(self)')
    },
  )

  it('answers every API call with Cache-Control: no-store, errors included', async () => {
    const answers = [
      await t.app.request('/api/users?crud=iduser', {
        method: 'POST',
        body: new URLSearchParams({ email: 'someone@example.com' }),
      }),
      await t.app.request('/api/users', { method: 'POST', body: new URLSearchParams({}) }),
      await t.app.request('/api/users'),
      await t.app.request('/api/other'),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 405, 404])
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  it('sends HSTS only when the public address is https', async () => {
    expect((await t.app.request('/wp-user/')).headers.get('strict-transport-security')).toBeNull()
    const secure = createApp({ ...t.deps, publicUrl: 'https://bank.example' })
    expect((await secure.request('/wp-user/')).headers.get('strict-transport-security')).toMatch(
      /^max-age=\d+; includeSubDomains$/,
    )
  })
})
