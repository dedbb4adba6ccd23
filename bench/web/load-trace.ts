import type { Browser, CDPSession } from 'playwright-core'

export interface LoadTrace {
  /** Every response of the load: address, bytes on the wire, content encoding. */
  responses: { url: string; type: string; wireBytes: number; encoding: string }[]
  /** Main-thread tasks over 50 ms (PerformanceObserver 'longtask'), in ms. */
  longTasks: number[]
  firstContentfulPaint: number | undefined
  largestContentfulPaint: number | undefined
  consoleErrors: string[]
}

/** Records the observers before the page's own scripts run. */
function observeLoad() {
  const seen = { longTasks: [] as number[], lcp: undefined as number | undefined }
  ;(window as unknown as { __loadTrace: typeof seen }).__loadTrace = seen
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

/**
 * Loads `url` in a fresh context with the CPU slowed `cpuSlowdown` times (Chromium's
 * Emulation.setCPUThrottlingRate) and reports what arrived and what blocked the main thread.
 */
export async function traceLoad(
  browser: Browser,
  url: string,
  options: { cpuSlowdown?: number; javaScript?: boolean; settleMs?: number } = {},
): Promise<LoadTrace> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    ignoreHTTPSErrors: true,
  })
  const page = await context.newPage()
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown ?? 1 })
  const requests = new Map<string, { url: string; type: string; encoding: string }>()
  const responses: LoadTrace['responses'] = []
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]),
    )
    requests.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encoding: String(headers['content-encoding'] ?? ''),
    })
  })
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId)
    if (request) responses.push({ ...request, wireBytes: event.encodedDataLength })
  })
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  await page.addInitScript(observeLoad)
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(options.settleMs ?? 500)
  const observed = await page.evaluate(() => ({
    seen: (window as unknown as { __loadTrace?: { longTasks: number[]; lcp?: number } })
      .__loadTrace,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }))
  await context.close()
  return {
    responses,
    longTasks: observed.seen?.longTasks ?? [],
    firstContentfulPaint: observed.fcp,
    largestContentfulPaint: observed.seen?.lcp,
    consoleErrors,
  }
}
