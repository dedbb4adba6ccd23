import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appearanceScript } from '#api/appearance'
import { startTestApp, type TestApp } from './support/test-app'

describe('serving the web app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false })
  })
  afterAll(() => t.close())

  it('redirects / to /wp-user/', async () => {
    const response = await t.app.request('/')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/wp-user/')
  })

  it.each([
    '/wp-user/',
    '/wp-user/dashboard/send',
    '/wp-user/account/reset/r/a@b.example/tok',
    '/wp-user/no/such/page',
  ])('answers %s with the app', async (address) => {
    const response = await t.app.request(address)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>Test portal</title>')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it("allows the pages' appearance script by its hash, and no other inline script", async () => {
    const response = await t.app.request('/wp-user/account/login')
    const policy = response.headers.get('content-security-policy') ?? ''
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ')
    const hash = createHash('sha256').update(appearanceScript).digest('base64')
    expect(scripts).toEqual(["'self'", `'sha256-${hash}'`])
  })

  it('answers a missing asset with 404, not the app', async () => {
    expect((await t.app.request('/wp-user/assets/missing-abc123.js')).status).toBe(404)
  })
})
