/**
 * `npm run bench:web`: builds the app, starts the portal (embedded PGlite, demo data) and a
 * Vite + React hello world built from bench/web/hello-world, then runs Lighthouse on the login,
 * signup and dashboard pages (the dashboard signed in as the demo customer) and on the hello
 * world, mobile and desktop, and prints the median of each figure. Then the main-thread tasks
 * over 50 ms while the signed-out pages and the hello world load with the CPU slowed 4×. Figures only; nothing is
 * asserted.
 *
 * The pages are reached over HTTPS with HTTP/2, through a TLS-terminating proxy as customers
 * reach the portal (`--protocol http1`: plain HTTP/1.1 to the server, as before 061).
 *
 *   npm run bench:web -- [--runs 3] [--pages login,signup,dashboard,hello] [--forms mobile,desktop]
 *                        [--protocol h2|http1]
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { launchChromium } from '../../test/e2e/support/chromium'
import { type BenchProtocol, pagePaths, startBenchPortal } from './bench-portal'
import { serveHelloWorld } from './hello-world'
import {
  type AuditFigures,
  type FormFactor,
  launchLighthouseChromium,
  runLighthouse,
} from './lighthouse-run'
import { traceLoad } from './load-trace'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'login,signup,dashboard,hello' },
    forms: { type: 'string', default: 'mobile,desktop' },
    protocol: { type: 'string', default: 'h2' },
  },
})
const runs = Math.max(1, Number(values.runs))
const pages = values.pages.split(',')
const forms = values.forms.split(',') as FormFactor[]
const protocol = values.protocol as BenchProtocol
if (protocol !== 'h2' && protocol !== 'http1') throw new Error('--protocol is h2 or http1')

const projectRoot = path.resolve(import.meta.dirname, '../..')
console.log('building the app (vite build)...')
await build({ root: projectRoot, logLevel: 'warn' })

const portal = await startBenchPortal(protocol)
const hello = await serveHelloWorld(protocol)

const targets: Record<string, { url: string; signedIn: boolean }> = {
  login: { url: `${portal.url}${pagePaths.login}`, signedIn: false },
  signup: { url: `${portal.url}${pagePaths.signup}`, signedIn: false },
  dashboard: { url: `${portal.url}${pagePaths.dashboard}`, signedIn: true },
  hello: { url: hello.url, signedIn: false },
}

/** The median of the runs that produced the figure (a run Lighthouse could not finish has none). */
const median = (numbers: number[]) => {
  const sorted = numbers.filter((number) => !Number.isNaN(number)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const chrome = await launchLighthouseChromium()
// The same Chromium, driven over CDP, stores the session before the dashboard's runs.
const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
const rows: string[][] = []
try {
  for (const name of pages) {
    const target = targets[name]
    if (!target) throw new Error(`no page '${name}' (login, signup, dashboard, hello)`)
    for (const form of forms) {
      const figures: AuditFigures[] = []
      for (let run = 0; run < runs; run++) {
        if (target.signedIn) await portal.storeSessionIn(driver)
        const measured = await runLighthouse(target.url, chrome.port, form, target.signedIn)
        if (new URL(measured.finalUrl).pathname !== new URL(target.url).pathname)
          console.log(`  note: ${name} ended at ${measured.finalUrl}`)
        if (Number.isNaN(measured.lcpMs))
          console.log(`  note: ${name} ${form}: a run without figures (left out of the median)`)
        figures.push(measured)
      }
      if (target.signedIn) await portal.forgetSessionIn(driver)
      const of = (pick: (one: AuditFigures) => number) => median(figures.map(pick))
      rows.push([
        name === 'hello' ? 'Vite + React hello world' : `${name} (${new URL(target.url).pathname})`,
        form,
        of((one) => one.performance).toFixed(2),
        `${(of((one) => one.lcpMs) / 1000).toFixed(2)} s`,
        `${of((one) => one.tbtMs).toFixed(0)} ms`,
        of((one) => one.cls).toFixed(3),
        `${(of((one) => one.jsBytes) / 1024).toFixed(1)} KB`,
        of((one) => one.accessibility).toFixed(2),
        of((one) => one.bestPractices).toFixed(2),
      ])
      console.log(`  measured ${name} ${form} (${runs} run${runs > 1 ? 's' : ''})`)
    }
  }
} finally {
  await driver.close().catch(() => {})
  chrome.kill()
}

const header = ['page', 'form', 'perf', 'LCP', 'TBT', 'CLS', 'JS on wire', 'a11y', 'best pr.']
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
)
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
console.log(
  `\nLighthouse 12, median of ${runs} run${runs > 1 ? 's' : ''} each, ${protocol === 'h2' ? 'HTTPS with HTTP/2' : 'HTTP/1.1'}`,
)
console.log(line(header))
console.log(line(widths.map((width) => '-'.repeat(width))))
for (const row of rows) console.log(line(row))

// Long tasks: the signed-out pages and the hello world, loaded in headless Chromium with the CPU
// slowed 4×.
const browser = await launchChromium()
console.log(
  '\nmain-thread tasks over 50 ms while the page loads, CPU slowed 4× (no network throttling)',
)
// The hello world beside them: the floor of a React page on this machine.
for (const name of pages.filter((page) => ['login', 'signup', 'hello'].includes(page))) {
  const url = targets[name]?.url as string
  const trace = await traceLoad(browser, url, { cpuSlowdown: 4 })
  const tasks = trace.longTasks.map((ms) => `${ms.toFixed(0)} ms`).join(', ') || 'none'
  console.log(
    `  ${name.padEnd(7)} FCP ${trace.firstContentfulPaint?.toFixed(0)} ms, LCP ${trace.largestContentfulPaint?.toFixed(0)} ms, long tasks: ${tasks}`,
  )
}
await browser.close()

await hello.stop()
await portal.stop()
