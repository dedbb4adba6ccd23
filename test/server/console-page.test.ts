import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The staff console's page (docs/decisions/074): every console address but its API and its
 * files answers with console.html from the build, with the portal's pages' headers.
 */
const consolePage = '<!doctype html><title>Staff console</title><div id="root"></div>'
const portalShell = '<!doctype html><title>Portal</title><div id="root"></div>'

describe("the staff console's page", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false })
    await mkdir(t.deps.webRoot, { recursive: true })
    await writeFile(path.join(t.deps.webRoot, 'console.html'), consolePage)
    await writeFile(path.join(t.deps.webRoot, 'index.html'), portalShell)
  })
  afterAll(() => t.close())

  it.each([
    '/wp-admin',
    '/wp-admin/',
    '/wp-admin/sign-in',
    '/wp-admin/enrol',
    '/wp-admin/staff/12',
  ])('answers %s with the console, revalidated, under the app CSP', async (address) => {
    const response = await t.app.request(address)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(consolePage)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('leaves the API to the staff dispatcher', async () => {
    const response = await t.app.request('/wp-admin/api')
    expect(response.status).toBe(405)
    expect(response.headers.get('content-type')).toContain('application/json')
  })

  it('does not answer files with the page', async () => {
    const response = await t.app.request('/wp-admin/files/1')
    expect(await response.text()).not.toBe(consolePage)
  })

  it('keeps the portal its own page', async () => {
    const response = await t.app.request('/wp-user/dashboard')
    expect(await response.text()).toBe(portalShell)
  })
})
