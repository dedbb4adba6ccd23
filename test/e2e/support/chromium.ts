import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Flags that keep a headless Chromium quiet on a machine with no outside network. */
export const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A system Chromium: $CHROMIUM_PATH, then $CHROME_PATH, then /usr/bin/chromium. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ]
  const found = candidates.find((candidate) => candidate && existsSync(candidate))
  if (found) return found
  throw new Error(
    [
      'No Chromium found for the browser tests (looked at $CHROMIUM_PATH, $CHROME_PATH, /usr/bin/chromium).',
      'Install one: on Debian or Ubuntu run `sudo apt-get update && sudo apt-get install -y chromium`,',
      'or set CHROMIUM_PATH to the path of a Chromium or Chrome binary.',
    ].join('\n'),
  )
}

/** `extraArgs`: switches of a journey of its own (a browser feature Linux builds keep off). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: [...launchArgs, ...extraArgs] })
}
