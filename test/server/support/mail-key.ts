import { randomBytes } from 'node:crypto'
import { mailKeyLoaded, setMailKey } from '#server/mail/sealed-body'

/** One random mail key per test process, as the server loads one at start. */
export function ensureTestMailKey(): void {
  if (!mailKeyLoaded()) setMailKey(randomBytes(32))
}
