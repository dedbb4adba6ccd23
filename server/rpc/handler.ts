import type * as v from 'valibot'
import type { CallName, CallResponse, calls } from '#api/contract'
import type { Language } from '#api/languages'
import type { ActiveSession } from '../auth/sessions'
import type { AppDeps } from '../deps'
import type { DeviceCookie } from './device-cookie'

export interface HandlerContext<N extends CallName> {
  input: v.InferOutput<(typeof calls)[N]['request']>
  deps: AppDeps
  /** The caller's session when the call's access requires one; null for public calls. */
  session: ActiveSession | null
  /** The raw token sent with the request, if any (logout revokes it). */
  token: string | null
  clientAddress: string | null
  /** The request's User-Agent header, if any (the devices list names browsers by it). */
  userAgent: string | null
  /** The browser's device cookie: read, set or cleared by the sign-in calls (decision 080). */
  deviceCookie: DeviceCookie
  /** The language the request asked in (Accept-Language; decision 091): signup and sign-in keep it. */
  language: Language
}

export type Handler<N extends CallName> = (context: HandlerContext<N>) => Promise<CallResponse<N>>

export type Handlers = { [N in CallName]?: Handler<N> }

/** A call that needs a session always gets one; this narrows the type where a handler relies on it. */
export function requireSession(session: ActiveSession | null): ActiveSession {
  if (!session) throw new Error('handler for a session call ran without a session')
  return session
}
