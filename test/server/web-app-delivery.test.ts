import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/build/precompress'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * How the built app is delivered: precompressed copies chosen by Accept-Encoding, hashed assets
 * cached for good, pages revalidated, prerendered pages by address, source maps kept private.
 * The web root is laid out as `vite build` writes it and compressed by the build's own step.
 */
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))}\n`
const shell = `<!doctype html><title>Test portal</title><div id="root"></div>${'<!-- shell -->'.repeat(60)}`
const loginPage = `<!doctype html><title>Test portal</title><div id="root" data-prerendered="/"><h1>Sign in</h1></div>${'<!-- login -->'.repeat(60)}`
const signupPage = `<!doctype html><title>Test portal</title><div id="root" data-prerendered="/account/signup"><h1>Open an account</h1></div>${'<!-- signup -->'.repeat(60)}`

describe('delivering the built web app', () => {
  let t: TestApp
  const get = (address: string, headers: Record<string, string> = {}) =>
    t.app.request(address, { headers })

  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false })
    const root = t.deps.webRoot
    await mkdir(path.join(root, 'assets'), { recursive: true })
    await mkdir(path.join(root, 'prerendered', 'account', 'signup'), { recursive: true })
    await writeFile(path.join(root, 'index.html'), shell)
    await writeFile(path.join(root, 'assets', 'login-Ab12Cd34.js'), script)
    await writeFile(path.join(root, 'assets', 'login-Ab12Cd34.js.map'), '{"version":3}')
    await writeFile(path.join(root, 'prerendered', 'index.html'), loginPage)
    await writeFile(path.join(root, 'prerendered', 'account', 'signup', 'index.html'), signupPage)
    await mkdir(path.join(root, '.vite'))
    await writeFile(path.join(root, '.vite', 'route-files.json'), '{"login":{}}')
    await precompress(root)
  })
  afterAll(() => t.close())

  describe('a hashed asset', () => {
    const asset = '/wp-user/assets/login-Ab12Cd34.js'

    it('is brotli when the browser accepts it, with the same content', async () => {
      const response = await get(asset, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe('br')
      expect(response.headers.get('content-type')).toContain('javascript')
      const body = Buffer.from(await response.arrayBuffer())
      expect(body.length).toBeLessThan(script.length / 5)
      expect(brotliDecompressSync(body).toString()).toBe(script)
    })

    it('is gzip for a browser without brotli', async () => {
      const response = await get(asset, { 'Accept-Encoding': 'gzip' })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script)
    })

    it('is the plain file without Accept-Encoding', async () => {
      const response = await get(asset)
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(await response.text()).toBe(script)
    })

    it('says it varies by encoding and is cached for a year, never revalidated', async () => {
      for (const encoding of ['br', 'gzip', '']) {
        const response = await get(asset, { 'Accept-Encoding': encoding })
        expect(response.headers.get('vary')).toBe('Accept-Encoding')
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      }
    })
  })

  it('does not serve source maps', async () => {
    const response = await get('/wp-user/assets/login-Ab12Cd34.js.map')
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('version')
  })

  it('keeps the build records in .vite to itself (the app answers instead)', async () => {
    const response = await get('/wp-user/.vite/route-files.json')
    expect(await response.text()).toBe(shell)
  })

  it('sends a form posted before the app took over back to its page, reading nothing', async () => {
    const response = await t.app.request('/wp-user/account/signup', {
      method: 'POST',
      body: new URLSearchParams({ passcode: '123456' }),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/wp-user/account/signup')
  })

  it('answers a missing asset with 404, not the app', async () => {
    const response = await get('/wp-user/assets/missing-abc123.js', { 'Accept-Encoding': 'br' })
    expect(response.status).toBe(404)
  })

  it.each([
    ['/wp-user/', loginPage],
    ['/wp-user/account/signup', signupPage],
    ['/wp-user/account/signup/', signupPage],
    ['/wp-user/dashboard', shell],
    ['/wp-user/account/verify/a@b.example', shell],
    ['/wp-user/no/such/page', shell],
  ])('answers %s with its prerendered page or the app, revalidated', async (address, page) => {
    const response = await get(address, { 'Accept-Encoding': 'br, gzip' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page)
  })

  it('answers a page uncompressed to a client that accepts no encoding', async () => {
    const response = await get('/wp-user/account/signup')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(await response.text()).toBe(signupPage)
  })
})
