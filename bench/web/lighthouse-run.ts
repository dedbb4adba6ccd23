import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import { findChromium, launchArgs } from '../../test/e2e/support/chromium'

export type FormFactor = 'mobile' | 'desktop'

export interface AuditFigures {
  performance: number
  accessibility: number
  bestPractices: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Bytes of JavaScript on the wire (transfer size, headers included). */
  jsBytes: number
  /** Where the page ended (a redirect shows here). */
  finalUrl: string
}

/**
 * A system Chromium for Lighthouse, and its DevTools port (for signing in before a run). It
 * accepts the bench's self-signed certificate (bench/web/tls-proxy.ts).
 */
export async function launchLighthouseChromium() {
  return launch({
    chromePath: findChromium(),
    chromeFlags: [...launchArgs, '--ignore-certificate-errors'],
  })
}

interface NetworkItem {
  resourceType?: string
  transferSize?: number
}

/**
 * One Lighthouse run (performance, accessibility, best practices) with its default mobile
 * preset (simulated slow 4G, 4× slower CPU) or its desktop preset. `keepStorage` keeps the
 * origin's storage (a signed-in session) and the HTTP cache: the caller clears the cache.
 */
export async function runLighthouse(
  url: string,
  port: number,
  formFactor: FormFactor,
  keepStorage = false,
): Promise<AuditFigures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: keepStorage,
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  )
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { categories, audits } = result.lhr
  const requests = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items
  return {
    finalUrl: result.lhr.finalDisplayedUrl,
    performance: categories.performance?.score ?? Number.NaN,
    accessibility: categories.accessibility?.score ?? 0,
    bestPractices: categories['best-practices']?.score ?? Number.NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsBytes: (requests ?? [])
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  }
}
