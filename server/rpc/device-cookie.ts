import type { Context } from 'hono'
import { deleteCookie, getSignedCookie, setCookie, setSignedCookie } from 'hono/cookie'
import { derivedKeys } from '../keys/sealing'

/**
 * The customer's device cookie (docs/decisions/080): a random token that names one browser in
 * `customer_devices`, signed with HMAC-SHA256 under a key of its own derived from the key ring's
 * newest key (any key of the ring is accepted: docs/decisions/105), so a forged or altered value
 * is dropped before any database read. HttpOnly (no script reads it),
 * SameSite=Strict, Path=/api/users (only the API gets it), Secure over https. Remembered, it
 * lasts until the device's end (30 days); otherwise it has no end and goes with the browser.
 *
 * Beside a remembered one, a hint the login page's script reads, `meridian_remembered=1` (no
 * name, no token, Path=/wp-user): only then does login ask whom the browser remembers, so
 * every other visitor's login page makes no call before a form is sent (decision 053).
 */
export const deviceCookieName = 'meridian_device'
export const deviceCookiePath = '/api/users'
export const rememberedHintName = 'meridian_remembered'
const rememberedHintPath = '/wp-user'
const signingKeys = () => derivedKeys('meridian device cookie v1').map((key) => new Uint8Array(key))

export interface DeviceCookie {
  /** The token the request's cookie carries, its signature checked; null when none or forged. */
  read(): Promise<string | null>
  /** Sets the cookie: until `until` when the device is remembered, else for the browser's life. */
  set(token: string, until: Date | null): Promise<void>
  /** Removes the cookie and the hint. */
  clear(): void
  /** Removes the hint alone: the browser remembers nobody any more. */
  clearHint(): void
}

export function deviceCookieOf(
  c: Context,
  options: { secure: boolean; now: () => Date },
): DeviceCookie {
  const attributes = {
    path: deviceCookiePath,
    httpOnly: true,
    sameSite: 'Strict',
    secure: options.secure,
  } as const
  const hint = { path: rememberedHintPath, sameSite: 'Strict', secure: options.secure } as const
  const clearHint = () => void deleteCookie(c, rememberedHintName, hint)
  return {
    async read() {
      for (const key of signingKeys()) {
        const value = await getSignedCookie(c, key, deviceCookieName)
        if (typeof value === 'string' && value !== '') return value
      }
      return null
    },
    async set(token, until) {
      const maxAge = until
        ? { maxAge: Math.max(0, Math.floor((until.getTime() - options.now().getTime()) / 1000)) }
        : {}
      const [newest] = signingKeys()
      if (!newest) throw new Error('the key ring has no key')
      await setSignedCookie(c, deviceCookieName, token, newest, {
        ...attributes,
        ...maxAge,
      })
      if (until) setCookie(c, rememberedHintName, '1', { ...hint, ...maxAge })
      else clearHint()
    },
    clear() {
      deleteCookie(c, deviceCookieName, attributes)
      clearHint()
    },
    clearHint,
  }
}
