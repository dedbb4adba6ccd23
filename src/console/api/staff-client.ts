import { FetchError, ofetch } from 'ofetch'
import * as v from 'valibot'
import {
  type StaffCallName,
  type StaffCallRequest,
  type StaffCallResponse,
  staffCalls,
} from '#api/contract/staff'

/** The console's one endpoint (docs/decisions/068); the session travels only in its cookie. */
export const staffApiPath = '/wp-admin/api'

const gatewayFailures = new Set([502, 503, 504])

/**
 * The outcome of one staff call, as the portal's client gives it (src/api/client.ts):
 * network: no answer; rejected: refused with a message (4xx/5xx); unauthorized: the session
 * has ended (401); unexpected: an answer that does not match the staff contract.
 */
export type StaffCallResult<N extends StaffCallName> =
  | { ok: true; data: StaffCallResponse<N> }
  | {
      ok: false
      reason: 'network' | 'rejected' | 'unauthorized' | 'unexpected'
      message?: string
    }

/** Every field a call may take, as text; a variant request (secondfactor) takes any of its own. */
type FieldsOf<T> = T extends unknown ? { [K in keyof T]?: string } : never
export type StaffCallFields<N extends StaffCallName> = FieldsOf<StaffCallRequest<N>>

export type StaffCallFunction = <N extends StaffCallName>(
  name: N,
  fields?: StaffCallFields<N>,
) => Promise<StaffCallResult<N>>

export interface StaffClientOptions {
  /** Absolute base for tests; the browser uses the page's origin. */
  baseURL?: string
  /** Told of every 401, after the call's own result is made: the console's sign-in opens. */
  onUnauthorized?: () => void
}

function formBody(name: StaffCallName, fields: Record<string, string | undefined>) {
  const body = new URLSearchParams({ action: name })
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) body.append(key, value)
  return body
}

/** A client of `POST /wp-admin/api`: form fields, the call in `action`, answers checked. */
export function createStaffClient(options: StaffClientOptions = {}): StaffCallFunction {
  return async (name, fields = {} as never) => {
    let data: unknown
    try {
      data = await ofetch(staffApiPath, {
        baseURL: options.baseURL,
        method: 'POST',
        body: formBody(name, fields as Record<string, string | undefined>),
        credentials: 'same-origin',
        retry: 0,
      })
    } catch (error) {
      const status = error instanceof FetchError ? error.response?.status : undefined
      if (status === undefined || gatewayFailures.has(status))
        return { ok: false, reason: 'network' }
      const said = (error as FetchError).data?.message
      const message = typeof said === 'string' ? said : undefined
      if (status === 401) {
        options.onUnauthorized?.()
        return { ok: false, reason: 'unauthorized', message }
      }
      return { ok: false, reason: 'rejected', message }
    }
    const parsed = v.safeParse(staffCalls[name].response, data)
    if (!parsed.success) return { ok: false, reason: 'unexpected' }
    return { ok: true, data: parsed.output as StaffCallResponse<typeof name> }
  }
}
