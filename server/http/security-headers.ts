import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { appearanceScript } from '#api/appearance'

/**
 * The security headers of every answer. A route that sets its own Content-Security-Policy (the
 * profile picture's `default-src 'none'`) keeps it; every API answer, errors included, is
 * `Cache-Control: no-store`; HSTS is sent only when customers reach the portal over https.
 * Scripts come from the site, and inline only the pages' appearance script, by its hash.
 * See docs/decisions/024-request-bodies-and-headers.md.
 */
/** The one inline script of the pages, allowed by its hash (docs/decisions/086). */
const appearanceScriptHash = `'sha256-${createHash('sha256').update(appearanceScript).digest('base64')}'`

const appPolicy = [
  "default-src 'self'",
  `script-src 'self' ${appearanceScriptHash}`,
  // Radix's scroll lock injects a <style> element at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Powerful browser features the portal never uses, switched off for it and anything it embeds;
 * Payment Request is the portal's own only, for Secure Payment Confirmation (decision 082).
 */
const unusedFeatures: Record<string, string[]> = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: ['self'],
  usb: [],
  serial: [],
  bluetooth: [],
  hid: [],
  midi: [],
  accelerometer: [],
  gyroscope: [],
  magnetometer: [],
  displayCapture: [],
  fullscreen: ['self'],
}

export function securityHeaders(options: { publicUrl: string }): MiddlewareHandler {
  const https = options.publicUrl.startsWith('https:')
  const common = secureHeaders({
    referrerPolicy: 'same-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy: unusedFeatures,
  })
  return async (c, next) => {
    await common(c, async () => {
      await next()
      if (!c.res.headers.has('Content-Security-Policy'))
        c.res.headers.set('Content-Security-Policy', appPolicy)
      if (c.req.path === '/api' || c.req.path.startsWith('/api/') || c.req.path === '/wp-admin/api')
        c.res.headers.set('Cache-Control', 'no-store')
    })
    // The console shows a stored file in a frame of its own page (docs/decisions/072).
    if (c.req.path.startsWith('/wp-admin/files/'))
      c.res.headers.set('X-Frame-Options', 'SAMEORIGIN')
  }
}
