import { mkdir } from 'node:fs/promises'
import { beforeAll } from 'vitest'
import type { ChromiumSession } from './chromium-session'

/**
 * A test file's screenshots, for a person to look at (not committed): the folder
 * `/tmp/shots-<topic>`, made before the file's tests run. The answer gives a describe block its
 * `shoot(name)`, which writes `<name>-<suffix>.png` of the session's page (a width or a device
 * name as the suffix), the whole page unless `fullPage` is false.
 */
export type Shooter = ReturnType<typeof screenshots>

export function screenshots(topic: string) {
  const dir = `/tmp/shots-${topic}`
  beforeAll(() => mkdir(dir, { recursive: true }))
  return (session: ChromiumSession, suffix: string | number, { fullPage = true } = {}) =>
    (name: string) =>
      session.page.screenshot({ path: `${dir}/${name}-${suffix}.png`, fullPage })
}
