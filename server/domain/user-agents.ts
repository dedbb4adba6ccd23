import Bowser from 'bowser'

/**
 * A browser as the customer knows it, from the User-Agent its sign-in sent (bowser): "Firefox
 * 128" and "Linux". Only the major version: the rest changes every few weeks and says nothing
 * to a person. Unknown parts are named as such, never guessed.
 */
export interface BrowserName {
  browser: string
  os: string
}

export function browserNameOf(userAgent: string | null): BrowserName {
  const parsed = Bowser.parse(userAgent || 'unknown')
  const major = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ''}`
    : 'An unknown browser'
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
    : 'an unknown system'
  return { browser, os }
}

/** "Firefox 128 on Linux". */
export const browserOnSystem = (userAgent: string | null) => {
  const { browser, os } = browserNameOf(userAgent)
  return `${browser} on ${os}`
}
