/**
 * The portal's one endpoint as the chaos clients call it. A request that got no answer (the
 * connection refused or dropped, a timeout, the balancer's 502) is `indeterminate`: it may or
 * may not have taken effect, and is retried the way a real client would.
 */
export type Answer =
  | { kind: 'answer'; status: number; body: Record<string, unknown> }
  | { kind: 'indeterminate'; reason: string }

export interface CallOptions {
  token?: string
  /** The client's address, forwarded as a proxy would (the servers trust loopback proxies). */
  address: string
  files?: Record<string, Blob>
  timeoutMs?: number
}

export async function call(
  base: string,
  name: string,
  crud: boolean,
  fields: Record<string, string>,
  options: CallOptions,
): Promise<Answer> {
  const all = {
    ...fields,
    ...(crud ? {} : { action: name }),
    ...(options.token ? { token: options.token } : {}),
  }
  let body: URLSearchParams | FormData
  if (options.files) {
    const form = new FormData()
    for (const [key, value] of Object.entries(all)) form.append(key, value)
    for (const [key, file] of Object.entries(options.files)) form.append(key, file, `${key}.png`)
    body = form
  } else body = new URLSearchParams(all)
  try {
    const response = await fetch(`${base}/api/users${crud ? `?crud=${name}` : ''}`, {
      method: 'POST',
      body,
      headers: { 'X-Forwarded-For': options.address },
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    })
    if (response.status === 502) {
      await response.body?.cancel()
      return { kind: 'indeterminate', reason: 'balancer 502' }
    }
    const text = await response.text()
    try {
      return { kind: 'answer', status: response.status, body: JSON.parse(text) }
    } catch {
      return { kind: 'indeterminate', reason: `unreadable answer (${response.status})` }
    }
  } catch (error) {
    return { kind: 'indeterminate', reason: error instanceof Error ? error.message : String(error) }
  }
}
