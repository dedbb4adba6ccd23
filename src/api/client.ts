import type { Access, CallName, CallRequest, CallResponse } from './contract'
import { apiEndpoint, takeEarlyAnswer } from './early-calls'
import { languageHeaders } from './request-language'

export { apiEndpoint }

const gatewayFailures = new Set([502, 503, 504])

/**
 * The outcome of one call. A network failure is the spec's "empty result": no data and no
 * message, so the screen shows its own fallback text.
 */
export type CallResult<N extends CallName> =
  | { ok: true; data: CallResponse<N> }
  | {
      ok: false
      /** network: no answer; rejected: the server refused the request (4xx/5xx with a message);
       * unauthorized: the token is missing, expired or revoked; unexpected: an answer that does
       * not match the contract. */
      reason: 'network' | 'rejected' | 'unauthorized' | 'unexpected'
      message?: string
    }

export type FieldValue = string | Blob | undefined

type Wire = import('./client-wire').Wire

export interface ApiClientOptions {
  /** Absolute base for tests and the server side; the browser uses the page's origin. */
  baseURL?: string
  /** The stored token for the kind of access a call needs, if any. */
  tokenFor: (access: Access) => string | null
}

export type CallFunction = <N extends CallName>(
  name: N,
  fields: { [K in keyof CallRequest<N>]?: FieldValue },
) => Promise<CallResult<N>>

/**
 * The contract's schemas of every call, valibot and ofetch load with the first call, not with
 * the page: building the schemas is a long task on a slow phone, and a signed-out page makes
 * no call until a form is sent (docs/decisions/036).
 */
export const loadWire = () => import('./client-wire')

/** The wire with `name`'s definition (the security calls' load when first made). */
const wireFor = async (name: CallName) => (await loadWire()).wireFor(name)

const accesses: readonly Access[] = ['public', 'session', 'kyc', 'notice']

/**
 * Every access's token as stored when the call is made. The contract (which says the call's
 * access) loads after that, and a logout clears the storage in between: its own call must
 * still carry the token it revokes.
 */
function tokensNow(options: ApiClientOptions) {
  return new Map(accesses.map((access) => [access, options.tokenFor(access)]))
}

/** The fields, by the wire's names, in the body the call's kind and files ask for. */
function encode(
  { calls, toWire }: Wire,
  name: CallName,
  fields: Record<string, FieldValue>,
  token: string | null,
) {
  const definition = calls[name]
  const body = definition.files ? new FormData() : new URLSearchParams()
  if (definition.kind === 'action') body.append('action', definition.wire)
  if (token) body.append('token', token)
  for (const [key, value] of Object.entries(
    toWire(definition.request, fields) as Record<string, FieldValue>,
  )) {
    if (value === undefined) continue
    if (typeof value === 'string') body.append(key, value)
    else if (body instanceof FormData) body.append(key, value)
    else throw new TypeError(`${name}.${key}: files need a call declared with files`)
  }
  return body
}

/** The body of a call: its fields, its action marker and the stored token its access needs. */
export async function requestBody(
  options: ApiClientOptions,
  name: CallName,
  fields: Record<string, FieldValue>,
) {
  const tokens = tokensNow(options)
  const wire = await wireFor(name)
  return encode(wire, name, fields, tokens.get(wire.calls[name].access) ?? null)
}

/** What came back: an answer, or a refusal with its status (none: no answer at all). */
type Sent = { answered: true; data: unknown } | { answered: false; status?: number; data?: unknown }

/** An early answer (src/api/early-calls.ts) read as ofetch would have read it. */
async function readEarly(response: Response): Promise<Sent> {
  const data: unknown = await response.json().catch(() => undefined)
  return response.ok ? { answered: true, data } : { answered: false, status: response.status, data }
}

export function createApiClient(options: ApiClientOptions): CallFunction {
  return async (name, fields) => {
    const tokens = tokensNow(options)
    const wire = await wireFor(name)
    const { FetchError, fromWire, ofetch, safeParse } = wire
    const definition = wire.calls[name]
    const query = definition.kind === 'crud' ? { crud: definition.wire } : undefined
    const token = tokens.get(definition.access) ?? null
    const body = encode(wire, name, fields as Record<string, FieldValue>, token)
    const send = async (): Promise<Sent> => {
      const early =
        body instanceof URLSearchParams && !options.baseURL
          ? await takeEarlyAnswer(query ? `crud=${definition.wire}` : '', body)
          : undefined
      if (early) return readEarly(early)
      try {
        const data: unknown = await ofetch(apiEndpoint, {
          baseURL: options.baseURL,
          method: 'POST',
          query,
          body,
          headers: languageHeaders(),
          retry: 0,
        })
        return { answered: true, data }
      } catch (error) {
        if (!(error instanceof FetchError)) return { answered: false }
        return { answered: false, status: error.response?.status, data: error.data }
      }
    }
    const sent = await send()
    if (!sent.answered) {
      // No answer, or a gateway saying the server is unreachable, is the spec's empty result.
      const { status, data } = sent
      if (status === undefined || gatewayFailures.has(status))
        return { ok: false, reason: 'network' }
      const said = (data as { message?: unknown } | undefined)?.message
      const message = typeof said === 'string' ? said : undefined
      const reason = status === 401 ? 'unauthorized' : 'rejected'
      return { ok: false, reason, message }
    }
    const parsed = safeParse(definition.response, fromWire(definition.response, sent.data))
    if (!parsed.success) return { ok: false, reason: 'unexpected' }
    return { ok: true, data: parsed.output as CallResponse<typeof name> }
  }
}
