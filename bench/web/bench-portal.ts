import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { parseConfig } from '#server/config'
import { startServer } from '#server/main'
import { demoCredentials } from '#server/seed/demo-data'
import { freePort } from '../../test/support/free-port'
import { startTlsProxy } from './tls-proxy'

/** The paths of the pages the web benchmarks load. */
export const pagePaths: Record<string, string> = {
  login: '/wp-user/',
  signup: '/wp-user/account/signup',
  dashboard: '/wp-user/dashboard',
}

/** How the browser reaches the pages: HTTPS with HTTP/2 through a proxy, or plain HTTP/1.1. */
export type BenchProtocol = 'h2' | 'http1'

/**
 * The portal the web benchmarks measure: the build in dist/ on a fresh embedded database (demo
 * data) at a free port, quiet. `url` is where the browser goes (behind a TLS proxy speaking
 * HTTP/2 unless `http1`); the API calls of the bench itself go to the server directly. `stop()`
 * also removes its data folder.
 */
export async function startBenchPortal(protocol: BenchProtocol = 'h2') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-web-'))
  const portal = await startServer(
    parseConfig({ PORT: String(await freePort()), DATA_DIR: dataDir }),
    { log: () => {} },
  )
  const proxy = protocol === 'h2' ? await startTlsProxy(portal.url) : undefined
  const url = proxy?.url ?? portal.url
  const [demo] = demoCredentials

  /** The demo customer's session token, from the API as the login screen gets it. */
  async function signIn(): Promise<string> {
    const response = await fetch(`${portal.url}/api/users?crud=userlogin`, {
      method: 'POST',
      body: new URLSearchParams({ email: demo.email, password: demo.secret }),
    })
    const body = (await response.json()) as { jwt?: string }
    if (!body.jwt) throw new Error(`the demo sign-in failed: ${JSON.stringify(body)}`)
    return body.jwt
  }

  /**
   * Signs the demo customer in inside the Lighthouse Chromium (driven over CDP) before a
   * signed-in run. Lighthouse keeps storage and cache together: the cache is emptied here.
   */
  async function storeSessionIn(driver: Browser) {
    const page = await driver.contexts()[0]?.newPage()
    if (!page) throw new Error('no browser context to sign in with')
    await page.goto(`${url}/wp-user/account/login`)
    const token = await signIn()
    await page.evaluate((value) => localStorage.setItem('baUid', value), token)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await page.close()
  }

  /** Signs the customer out again, so that the next page is measured signed out. */
  async function forgetSessionIn(driver: Browser) {
    const page = await driver.contexts()[0]?.newPage()
    if (!page) throw new Error('no browser context to sign out in')
    await page.goto(`${url}/wp-user/favicon.svg`)
    await page.evaluate(() => localStorage.clear())
    await page.close()
  }

  async function stop() {
    await proxy?.stop()
    await portal.stop()
    await rm(dataDir, { recursive: true, force: true })
  }

  return { url, signIn, storeSessionIn, forgetSessionIn, stop }
}
