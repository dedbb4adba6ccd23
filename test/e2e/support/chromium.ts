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

/** Chromium's headless shell, if installed: $CHROMIUM_HEADLESS_SHELL_PATH, then Debian's. */
export function findHeadlessShell(): string | null {
  const candidates = [
    process.env.CHROMIUM_HEADLESS_SHELL_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
  ]
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null
}

/**
 * The full Chromium, as customers run it (the benches, and the journeys that need what only
 * the full browser has: the payment dialog). `extraArgs`: switches of its own (a browser
 * feature Linux builds keep off).
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return launch(findChromium(), extraArgs)
}

/**
 * The journeys' browser: Chromium's headless shell when it is installed (the same Blink and V8
 * without the full browser around them, as Playwright runs headless by default; about a quarter
 * less CPU over the journeys, docs/decisions/094), else the full Chromium. A browser named in
 * $CHROMIUM_PATH or $CHROME_PATH is used as it is.
 */
export function launchJourneyBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const named = process.env.CHROMIUM_PATH || process.env.CHROME_PATH
  return launch((!named && findHeadlessShell()) || findChromium(), extraArgs)
}

const launch = (executablePath: string, extraArgs: readonly string[]) =>
  chromium.launch({ executablePath, args: [...launchArgs, ...extraArgs] })
