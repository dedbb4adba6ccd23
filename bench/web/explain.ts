/**
 * `npm run bench:web:explain`: what makes the figures of `npm run bench:web`, on the build in
 * dist/ (run `vite build` first). For each page: one Lighthouse mobile run's LCP element and
 * its phases, the requests on its critical path; then a Chromium trace of each page (the
 * dashboard signed in) loaded with the CPU slowed 4×, listing each main-thread task over 50 ms
 * with what ran in it (trace events by self time, the JavaScript functions the sampling
 * profiler saw).
 *
 *   npm run bench:web:explain -- [--pages login,signup,dashboard] [--lighthouse false]
 *                                [--protocol h2|http1]
 */
import { parseArgs } from 'node:util'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { launchChromium } from '../../test/e2e/support/chromium'
import { pagePaths, startBenchPortal } from './bench-portal'
import { launchLighthouseChromium } from './lighthouse-run'
import { longTasksOf, type TraceEvent } from './trace-tasks'

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: 'login,signup,dashboard' },
    lighthouse: { type: 'string', default: 'true' },
    trace: { type: 'string', default: 'true' },
    protocol: { type: 'string', default: 'h2' },
  },
})
const pages = values.pages.split(',')

const portal = await startBenchPortal(values.protocol === 'http1' ? 'http1' : 'h2')

interface Details {
  items?: Record<string, unknown>[]
}

if (values.lighthouse === 'true') {
  const chrome = await launchLighthouseChromium()
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    for (const name of pages) {
      const signedIn = name === 'dashboard'
      if (signedIn) await portal.storeSessionIn(driver)
      const result = await lighthouse(`${portal.url}${pagePaths[name]}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: signedIn,
      })
      if (signedIn) await portal.forgetSessionIn(driver)
      if (!result) continue
      const { audits } = result.lhr
      console.log(`\n== ${name} (mobile) ==`)
      for (const id of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'speed-index',
      ])
        console.log(`  ${id}: ${audits[id]?.displayValue}`)
      const element = audits['largest-contentful-paint-element']?.details as
        | {
            items?: {
              items?: {
                node?: { snippet?: string; nodeLabel?: string }
                phase?: string
                timing?: number
              }[]
            }[]
          }
        | undefined
      const node = element?.items?.[0]?.items?.[0]?.node
      console.log(`  LCP element: ${node?.snippet} (${node?.nodeLabel})`)
      const phases = element?.items?.[1]?.items
      if (phases) for (const phase of phases) console.log(`    ${phase.phase}: ${phase.timing} ms`)
      const requests = (audits['network-requests']?.details as Details | undefined)?.items ?? []
      for (const request of requests)
        console.log(
          `    ${String(request.resourceType).padEnd(10)} ${Number(request.networkRequestTime).toFixed(0).padStart(5)}–${Number(request.networkEndTime).toFixed(0).padStart(5)} ms ${String(Math.round(Number(request.transferSize) / 102.4) / 10).padStart(6)} KB ${String(request.url).replace(portal.url, '')}`,
        )
      for (const id of ['long-tasks', 'bootup-time']) {
        const items = (audits[id]?.details as Details | undefined)?.items ?? []
        console.log(`  ${id}:`)
        for (const item of items.slice(0, 8))
          console.log(
            `    ${String(item.url).replace(portal.url, '')} ${JSON.stringify({ ...item, url: undefined })}`,
          )
      }
    }
  } finally {
    await driver.close().catch(() => {})
    chrome.kill()
  }
}

if (values.trace === 'true') {
  const browser = await launchChromium()
  for (const name of pages) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    if (name === 'dashboard')
      await context.addInitScript(
        (token) => localStorage.setItem('baUid', token),
        await portal.signIn(),
      )
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'loading',
      ],
    })
    await page.goto(`${portal.url}${pagePaths[name]}`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    const buffer = await browser.stopTracing()
    await context.close()
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
    console.log(`\n== ${name}: main-thread tasks over 50 ms, CPU slowed 4× ==`)
    const lcp = events.filter((event) => event.name === 'largestContentfulPaint::Candidate').at(-1)
    const navigation = events.find((event) => event.name === 'navigationStart')
    if (lcp && navigation)
      console.log(`  last LCP candidate at ${((lcp.ts - navigation.ts) / 1000).toFixed(0)} ms`)
    for (const task of longTasksOf(events, portal.url)) {
      console.log(`  task at ${task.startMs.toFixed(0)} ms: ${task.durationMs.toFixed(0)} ms`)
      for (const [event, ms] of task.events)
        console.log(`    ${event.padEnd(48)} ${ms.toFixed(1)} ms`)
      for (const [fn, ms] of task.functions)
        console.log(`      js ${fn.padEnd(60)} ${ms.toFixed(1)} ms`)
    }
  }
  await browser.close()
}

await portal.stop()
