import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as v from 'valibot'
import type { CallName } from '#api/contract'
import { refusalSentences } from '#api/contract/labels'
import {
  auditNameOf,
  isStaffCallName,
  type StaffAccess,
  type StaffCallDefinition,
  type StaffCallName,
  staffCalls,
} from '#api/contract/staff'
import { addressBucket, clientAddressFrom, networkList } from '../auth/client-address'
import {
  findStaffSession,
  mayChangeFactors,
  type StaffSession,
  type StaffSessionStage,
  stepUpNeeded,
} from '../auth/staff-sessions'
import type { AppDeps } from '../deps'
import { recordOperatorAction } from '../domain/audit-log'
import { recordRead } from '../domain/staff-tasks'
import { peerAddressOf } from '../http/peer-address'
import type { RequestLimiter } from '../load/request-limits'
import { nameCall } from '../logging/request-context'
import { describeAnswerIssues, readFields } from '../rpc/dispatcher'
import { ProtocolError } from '../rpc/protocol-error'
import type { StaffCookie, StaffHandlerContext, StaffHandlers } from './handler'

/**
 * `POST /wp-admin/api`, the staff console's one endpoint (docs/decisions/068), made as the
 * customers' dispatcher is (rpc/dispatcher.ts: form fields, the call in `action`, valibot
 * checks, refusals in sentences, the same ProtocolError answers), with these differences:
 * - the session is only the `staff_session` cookie (HttpOnly, SameSite=Strict, Path=/wp-admin,
 *   Secure over https); a `token` field is not read, so a customer's token opens nothing here,
 *   and this cookie is never sent to /api/users nor looked up there;
 * - every request must carry the console's own Origin (the portal's public address), and a
 *   browser's Sec-Fetch-Site, if sent, must be same-origin: a page of another site cannot make
 *   a call even where a browser would send the cookie (403);
 * - the session is checked before the fields, and then the caller's roles against the call's
 *   (403), so a caller without the role learns nothing of the call's fields;
 * - a call that is an operator task is written to the audit log with the person, done or refused;
 *   a call that reads customers' data (`reads`), with what it asked for.
 */
export const staffCookieName = 'staff_session'
export const staffCookiePath = '/wp-admin'
export const staffApiPath = '/wp-admin/api'

const stagesFor: Record<StaffAccess, readonly StaffSessionStage[] | null> = {
  public: null,
  second_factor: ['second_factor'],
  setup: ['enrolment', 'full'],
  staff: ['full'],
}

export const staffSessionEnded = 'Your session has ended. Please sign in again.'
export const notYourRole = 'Your roles do not allow this.'
export const notFromTheConsole =
  'This request did not come from the staff console: it was sent without the console’s Origin.'

/** Public calls are counted as any other call without a session (load/request-limits.ts). */
const publicCallClass: CallName = 'signIn'

/** Fields an audit entry never keeps. */
const secretFields = new Set(['password', 'code', 'credential', 'link'])

function checkOrigin(c: Context, allowedOrigin: string) {
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin') throw new ProtocolError(403, notFromTheConsole)
  if (c.req.header('origin') !== allowedOrigin) throw new ProtocolError(403, notFromTheConsole)
}

function resolveCall(fields: Record<string, string | File>): StaffCallName {
  const action = fields.action
  if (typeof action !== 'string' || action === '')
    throw new ProtocolError(400, "Missing the field 'action'.")
  if (isStaffCallName(action)) return action
  throw new ProtocolError(400, `Unknown action '${action.slice(0, 40)}'.`)
}

const auditArgs = (input: unknown) =>
  Object.fromEntries(
    Object.entries(input as Record<string, unknown>).filter(([key]) => !secretFields.has(key)),
  )

export function createStaffDispatcher(
  deps: AppDeps,
  handlers: StaffHandlers,
  limits: RequestLimiter,
) {
  const trust = deps.trustProxy ?? { hops: 0 }
  const trusted = 'networks' in trust ? networkList(trust.networks) : null
  const allowedOrigin = new URL(deps.publicUrl).origin
  const secure = deps.publicUrl.startsWith('https:')

  return async (c: Context) => {
    checkOrigin(c, allowedOrigin)
    const clientAddress = clientAddressFrom(
      peerAddressOf(c),
      c.req.header('x-forwarded-for'),
      trust,
      trusted,
    )
    const userAgent = c.req.header('user-agent') ?? null
    const fields = await readFields(c)
    const name = resolveCall(fields)
    nameCall(`staff ${name}`)
    const definition: StaffCallDefinition = staffCalls[name]
    const token = getCookie(c, staffCookieName) ?? null
    const now = deps.now()

    let session: StaffSession | null = null
    const stages = stagesFor[definition.access]
    if (stages) {
      session = token
        ? await findStaffSession(deps.db, token, stages, now, { activity: definition.activity })
        : null
      if (!session) throw new ProtocolError(401, staffSessionEnded)
      // A signed-in person changes a sign-in factor only after a step-up (domain/staff-step-up.ts).
      if (definition.access === 'setup' && !mayChangeFactors(session, now))
        throw new ProtocolError(403, stepUpNeeded)
      if (
        definition.access === 'staff' &&
        definition.roles !== 'any' &&
        !definition.roles.some((role) => session?.roles.includes(role))
      ) {
        const command = auditNameOf(definition, fields)
        if (command)
          await recordOperatorAction(deps.db, {
            actor: { staffId: session.staffId, email: session.email },
            command,
            args: {},
            outcome: 'refused',
            detail: notYourRole,
            at: now,
          })
        throw new ProtocolError(403, notYourRole)
      }
    } else await limits.admit(publicCallClass, addressBucket(clientAddress))

    const { action: _action, ...rest } = fields
    for (const [key, value] of Object.entries(rest))
      if (value instanceof File)
        throw new ProtocolError(400, `The field '${key}' of ${name} must not be a file.`)
    const parsed = v.safeParse(definition.request, rest)
    if (!parsed.success) throw new ProtocolError(400, refusalSentences(definition, parsed.issues))

    const cookie: StaffCookie = {
      token,
      set(issued) {
        setCookie(c, staffCookieName, issued.token, {
          path: staffCookiePath,
          httpOnly: true,
          sameSite: 'Strict',
          secure,
          maxAge: Math.max(
            0,
            Math.floor((issued.expiresAt.getTime() - deps.now().getTime()) / 1000),
          ),
        })
      },
      clear() {
        deleteCookie(c, staffCookieName, {
          path: staffCookiePath,
          httpOnly: true,
          sameSite: 'Strict',
          secure,
        })
      },
    }
    const handler = handlers[name] as (
      context: StaffHandlerContext<StaffCallName>,
    ) => Promise<unknown>
    const answer = await handler({
      input: parsed.output as StaffHandlerContext<StaffCallName>['input'],
      deps,
      session,
      client: { clientAddress, userAgent },
      cookie,
    })
    const checked = v.safeParse(definition.response, answer)
    if (!checked.success)
      throw new Error(
        `${name} answered outside its contract: ${describeAnswerIssues(checked.issues)}`,
      )
    const actor = session && { staffId: session.staffId, email: session.email }
    // A read of customers' data, whichever call it is, with what was asked (decision 098).
    if (definition.reads && actor)
      await recordRead(deps.db, actor, definition.reads, auditArgs(parsed.output), now)
    const command = auditNameOf(definition, parsed.output as Record<string, unknown>)
    if (command && actor) {
      const said = checked.output as { status?: boolean; message?: string }
      await recordOperatorAction(deps.db, {
        actor,
        command,
        args: auditArgs(parsed.output),
        outcome: said.status === false ? 'refused' : 'done',
        detail: said.message ?? 'done',
        at: now,
      })
    }
    return c.json(checked.output as object)
  }
}
