import { randomBytes } from 'node:crypto'
import { mailKeyLoaded, useMailKey } from '#server/mail/sealed-body'

/** One random mail key per test process, as the server loads one at start. */
export function useTestMailKey(): void {
  if (!mailKeyLoaded()) useMailKey(randomBytes(32))
}
