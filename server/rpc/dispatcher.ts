import type { Context } from 'hono'
import * as v from 'valibot'
import { type CallDefinition, type CallName, callByWire, calls } from '#api/contract'
import { refusalSentences } from '#api/contract/labels'
import { fromWire, toWire, wireNameOfField } from '#api/contract/wire-fields'
import { addressBucket, clientAddressFrom, networkList } from '../auth/client-address'
import {
  type ActiveSession,
  findSession,
  type SessionKind,
  sessionIdleOptions,
} from '../auth/sessions'
import type { AppDeps } from '../deps'
import { peerAddressOf } from '../http/peer-address'
import type { RequestLimiter } from '../load/request-limits'
import { nameCall } from '../logging/request-context'
import { answerIn, requestLanguage } from './answer-words'
import { deviceCookieOf } from './device-cookie'
import type { HandlerContext, Handlers } from './handler'
import { ProtocolError, sessionEnded } from './protocol-error'

const sessionKindsFor: Record<CallDefinition['access'], readonly SessionKind[] | null> = {
  public: null,
  session: ['session'],
  kyc: ['kyc'],
  notice: ['notice'],
}

export async function readFields(c: Context): Promise<Record<string, string | File>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new ProtocolError(
      400,
      'The body must be form-encoded (application/x-www-form-urlencoded) or multipart/form-data.',
    )
  }
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return readForm(c)
  let body: Record<string, string | File | (string | File)[]>
  try {
    body = await c.req.parseBody({ all: true })
  } catch {
    throw new ProtocolError(400, 'The body could not be read as form data.')
  }
  const fields: Record<string, string | File> = {}
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value))
      throw new ProtocolError(400, `The field '${key}' was sent more than once.`)
    fields[key] = value
  }
  return fields
}

/** A form without files, parsed as `parseBody` would, without its web Request and FormData. */
async function readForm(c: Context): Promise<Record<string, string>> {
  let text: string
  try {
    text = await c.req.text()
  } catch {
    throw new ProtocolError(400, 'The body could not be read as form data.')
  }
  const fields: Record<string, string> = Object.create(null)
  for (const [key, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, key))
      throw new ProtocolError(400, `The field '${key}' was sent more than once.`)
    fields[key] = value
  }
  return fields
}

/** The call a request names by its wire marker (crud query or action field). */
function resolveCall(c: Context, fields: Record<string, string | File>): CallName {
  const crud = c.req.query('crud')
  if (crud !== undefined) {
    const name = callByWire(crud)
    if (name && calls[name].kind === 'crud') return name
    throw new ProtocolError(400, `Unknown crud call '${crud.slice(0, 40)}'.`)
  }
  const action = fields.action
  if (typeof action !== 'string' || action === '') {
    throw new ProtocolError(400, "Missing the field 'action' (or the query parameter 'crud').")
  }
  const name = callByWire(action)
  if (name && calls[name].kind === 'action') return name
  throw new ProtocolError(400, `Unknown action '${action.slice(0, 40)}'.`)
}

/** An answer outside the contract, for the log (a fault of ours, never shown to a customer). */
export function describeAnswerIssues(issues: v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${v.getDotPath(issue) ?? '(answer)'} ${issue.message}`)
    .join('; ')
}

/** `POST /api/users`: finds the call, checks its fields and token, runs its handler. */
export function createDispatcher(deps: AppDeps, handlers: Handlers, limits: RequestLimiter) {
  const trust = deps.trustProxy ?? { hops: 0 }
  const trusted = 'networks' in trust ? networkList(trust.networks) : null
  const secure = deps.publicUrl.startsWith('https:')
  return async (c: Context) => {
    // Read before the body: a client that hangs up afterwards leaves no socket address.
    const clientAddress = clientAddressFrom(
      peerAddressOf(c),
      c.req.header('x-forwarded-for'),
      trust,
      trusted,
    )
    const fields = await readFields(c)
    const name = resolveCall(c, fields)
    nameCall(name)
    const definition: CallDefinition = calls[name]
    if (definition.access === 'public') await limits.admit(name, addressBucket(clientAddress))
    const token = typeof fields.token === 'string' && fields.token !== '' ? fields.token : null
    const { token: _token, ...rest } = fields
    if (definition.kind === 'action') delete rest.action
    // The handler reads the contract's readable names; the wire has the spec's.
    const input = fromWire(definition.request, rest) as Record<string, unknown>
    for (const [key, value] of Object.entries(input)) {
      if (value instanceof File && !definition.files?.includes(key)) {
        const onTheWire = wireNameOfField(definition.request, key)
        throw new ProtocolError(
          400,
          `The field '${onTheWire}' of ${definition.wire} must not be a file.`,
        )
      }
    }

    const parsed = v.safeParse(definition.request, input)
    // In the customer's words: "The proof of payment must be at most 5 MB." (labels.ts)
    if (!parsed.success) throw new ProtocolError(400, refusalSentences(definition, parsed.issues))

    let session: ActiveSession | null = null
    const kinds = sessionKindsFor[definition.access]
    if (kinds) {
      session = token
        ? await findSession(deps.db, token, kinds, deps.now(), {
            ...sessionIdleOptions(deps),
            activity: definition.activity,
          })
        : null
      if (!session) throw new ProtocolError(401, sessionEnded)
    }

    const handler = handlers[name] as
      | ((context: HandlerContext<CallName>) => Promise<unknown>)
      | undefined
    if (!handler) throw new ProtocolError(501, `${definition.wire} is not implemented yet.`)
    const answer = await handler({
      input: parsed.output as HandlerContext<CallName>['input'],
      deps,
      session,
      token,
      clientAddress,
      userAgent: c.req.header('user-agent') ?? null,
      deviceCookie: deviceCookieOf(c, { secure, now: deps.now }),
      language: requestLanguage(c),
    })
    // A download's answer is the file's streamed Response, headers and all.
    if (definition.download) {
      if (!(answer instanceof Response)) throw new Error(`${name} answered without a file`)
      return answer
    }
    const checked = v.safeParse(definition.response, answer)
    if (!checked.success) {
      throw new Error(
        `${name} answered outside its contract: ${describeAnswerIssues(checked.issues)}`,
      )
    }
    // In the request's language (decision 091): the same fields, their words in Spanish.
    const spoken = answerIn(requestLanguage(c), checked.output as object)
    return c.json(toWire(definition.response, spoken))
  }
}
