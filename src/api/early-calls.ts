/**
 * Calls a page needs at once, sent by the boot script (src/boot.ts) while the app's code is
 * still on its way, so that their answers and the code arrive together instead of one after the
 * other (docs/decisions/058-early-calls.md). The API client takes an early answer when it makes
 * the very same request (same query, same body, byte for byte), and only once; any other
 * request goes out as usual. An early answer is validated by the contract like any other.
 */

import { languageHeaders } from './request-language'

export const apiEndpoint = '/api/users'

/** An answer not taken by then is dropped: the page went elsewhere or the app failed to start. */
const keptMs = 30_000

interface Early {
  answer: Promise<Response | null>
  sentAt: number
}

const pending = new Map<string, Early>()

const keyOf = (query: string, body: string) => `${query}?${body}`

/**
 * Sends signed-in `action` calls without fields, as the API client encodes them (the action,
 * then the token). A network failure settles as null: the client then sends its own request.
 */
export function sendEarlyActions(names: readonly string[], token: string, now = Date.now()) {
  for (const name of names) {
    const body = new URLSearchParams({ action: name, token }).toString()
    const answer = fetch(apiEndpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
        ...languageHeaders(),
      },
      body,
    }).catch(() => null)
    pending.set(keyOf('', body), { answer, sentAt: now })
  }
}

/**
 * The early answer to exactly this request, once; undefined if none was sent (or it is old).
 * Every call asks, so the body is encoded only while an early answer waits.
 */
export function takeEarlyAnswer(
  query: string,
  body: string | URLSearchParams,
  now = Date.now(),
): Promise<Response | null> | undefined {
  if (pending.size === 0) return undefined
  const key = keyOf(query, body.toString())
  const early = pending.get(key)
  if (!early) return undefined
  pending.delete(key)
  return now - early.sentAt <= keptMs ? early.answer : undefined
}
