import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callNames, calls } from '#api/contract'
import { fieldLabel, requestObjects } from '#api/contract/labels'
import {
  type StaffCallDefinition,
  type StaffCallName,
  type StaffRole,
  staffCallNames,
  staffCalls,
  staffRoles,
} from '#api/contract/staff'
import { operatorAuditLog } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { staffCookieName } from '#server/staff/dispatcher'
import { databaseTargets } from './support/databases'
import {
  CookieJar,
  type EnrolledStaff,
  enrolWithTotp,
  goodPassword,
  staffCall,
  terminal,
} from './support/staff'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Who can make each staff call (issue 17, docs/decisions/068): every call with every role, with
 * no cookie, with a customer's token, and with a sign-in still waiting for its second factor,
 * each refusal proved; the Origin check; and the two registries apart.
 */

const fieldsOf = (definition: StaffCallDefinition) => [
  ...new Set(requestObjects(definition).flatMap((entries) => Object.keys(entries))),
]

describe('the staff contract', () => {
  it('every request field has a label, as the customers’ calls have', () => {
    for (const name of staffCallNames)
      for (const field of fieldsOf(staffCalls[name]))
        expect(fieldLabel(staffCalls[name], field), `${name}.${field}`).toMatch(/^[A-Z]/)
  })

  it('every call for signed-in staff names its roles, each a known role', () => {
    for (const name of staffCallNames) {
      const { access, roles } = staffCalls[name] as StaffCallDefinition
      if (access !== 'staff') expect(roles, name).toBe('any')
      else if (roles !== 'any') {
        expect(roles.length, name).toBeGreaterThan(0)
        for (const role of roles) expect(staffRoles, name).toContain(role)
      }
    }
  })
})

/** Who calls: nobody, a customer, a sign-in waiting for its second factor, or a role's person. */
type Caller = 'nobody' | 'customer token' | 'customer token as cookie' | 'waiting' | StaffRole

/** What the server must answer: a refusal (401, 403), or the call made (200, or 400 for {}). */
function expected(name: StaffCallName, caller: Caller): 401 | 403 | 'made' {
  const { access, roles } = staffCalls[name] as StaffCallDefinition
  if (access === 'public') return 'made'
  if (access === 'second_factor') return caller === 'waiting' ? 'made' : 401
  if (!(staffRoles as readonly string[]).includes(caller)) return 401
  // A signed-in person adds or replaces a factor only after a step-up (staff-step-up.test.ts).
  if (access === 'setup') return 403
  if (roles === 'any') return 'made'
  return roles.includes(caller as StaffRole) ? 'made' : 403
}

describe.each(databaseTargets)('who may make each staff call, on %s', (target) => {
  let t: TestApp
  const people = new Map<StaffRole, EnrolledStaff>()
  let customerToken: string
  let waiting: CookieJar

  beforeAll(async () => {
    t = await startTestApp(target)
    const admin = await enrolWithTotp(t, terminal, 'admin@staff.test', ['admin'])
    people.set('admin', admin)
    for (const role of staffRoles.filter((role) => role !== 'admin'))
      people.set(role, await enrolWithTotp(t, admin.actor, `${role}@staff.test`, [role]))
    const [demo] = demoCredentials
    customerToken = await t.login(demo.email, demo.secret)
    waiting = new CookieJar()
    const first = await staffCall(
      t,
      'signin',
      { email: 'support@staff.test', password: goodPassword },
      { jar: waiting },
    )
    expect(first.body.status).toBe(true)
  })
  afterAll(() => t.close())

  const callAs = (name: StaffCallName, caller: Caller) => {
    switch (caller) {
      case 'nobody':
        return staffCall(t, name)
      case 'customer token':
        return staffCall(t, name, { token: customerToken })
      case 'customer token as cookie':
        return staffCall(t, name, {}, { cookie: `${staffCookieName}=${customerToken}` })
      case 'waiting':
        return staffCall(t, name, {}, { jar: waiting })
      default:
        return staffCall(t, name, {}, { jar: people.get(caller)?.jar })
    }
  }

  // Signing out would end the caller's session for the calls after it: it has its own test.
  const names = staffCallNames.filter((name) => name !== 'signout')
  const callers: Caller[] = [
    'nobody',
    'customer token',
    'customer token as cookie',
    'waiting',
    ...staffRoles,
  ]

  it.each(names)('%s: every caller gets what its roles allow', async (name) => {
    for (const caller of callers) {
      const answer = await callAs(name, caller)
      const want = expected(name, caller)
      if (want === 'made')
        expect([200, 400], `${name} as ${caller}: ${JSON.stringify(answer.body)}`).toContain(
          answer.status,
        )
      else {
        expect(answer.status, `${name} as ${caller}`).toBe(want)
        expect(answer.body.message).toBe(
          want === 401
            ? 'Your session has ended. Please sign in again.'
            : staffCalls[name].access === 'setup'
              ? 'Confirm it is you first: give your password and your current passkey or authenticator code.'
              : 'Your roles do not allow this.',
        )
      }
    }
  })

  it('a refused operator task is in the audit log under the person who tried', async () => {
    const support = people.get('support') as EnrolledStaff
    const refused = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.staffId, support.id),
          eq(operatorAuditLog.command, 'staff disable'),
        ),
      )
    expect(refused).toEqual([
      expect.objectContaining({
        operator: 'support@staff.test',
        outcome: 'refused',
        detail: 'Your roles do not allow this.',
      }),
    ])
  })

  it('signing out needs no session, and ends the one it is sent with', async () => {
    expect((await staffCall(t, 'signout')).body).toEqual({ status: true })
    const jar = new CookieJar()
    await staffCall(t, 'signin', { email: 'kyc@staff.test', password: goodPassword }, { jar })
    expect((await staffCall(t, 'signout', {}, { jar })).body).toEqual({ status: true })
    expect(jar.token).toBeNull()
  })

  it('no customer call is made with a staff cookie, and the registries are apart', async () => {
    const staffToken = people.get('admin')?.jar.token as string
    const sessionCalls = callNames.filter(
      (name) => calls[name].access !== 'public' && calls[name].kind === 'action',
    )
    expect(sessionCalls.length).toBeGreaterThan(10)
    for (const name of sessionCalls) {
      const response = await t.app.request('/api/users', {
        method: 'POST',
        headers: { cookie: `${staffCookieName}=${staffToken}`, origin: 'http://portal.test' },
        body: new URLSearchParams({ action: calls[name].wire, token: staffToken }),
      })
      // 401, or 400 for a field the call checks first: never the call made.
      expect([400, 401], name).toContain(response.status)
      if (response.status === 400)
        expect(((await response.json()) as { message: string }).message).not.toMatch(/session/)
    }
    const whoami = await t.raw.action('whoami', { token: staffToken })
    expect(whoami).toEqual({
      status: 400,
      body: { error: true, message: "Unknown action 'whoami'." },
    })
    expect((await staffCall(t, 'getsinfo', {}, { jar: people.get('admin')?.jar })).body).toEqual({
      error: true,
      message: "Unknown action 'getsinfo'.",
    })
  })

  describe('the Origin check (CSRF)', () => {
    const refusal = {
      error: true,
      message:
        'This request did not come from the staff console: it was sent without the console’s Origin.',
    }

    it('refuses a request without the console’s Origin, or sent from another site, before anything else', async () => {
      const admin = people.get('admin') as EnrolledStaff
      for (const options of [
        { origin: null },
        { origin: 'https://evil.example' },
        { origin: 'http://portal.test:8080' },
        { headers: { 'sec-fetch-site': 'cross-site' } },
        { headers: { 'sec-fetch-site': 'same-site' } },
      ]) {
        for (const [name, fields] of [
          ['signin', { email: admin.email, password: goodPassword }],
          ['whoami', {}],
          ['staffadd', { email: 'mallory@staff.test', name: 'Mallory', roles: 'admin' }],
        ] as const) {
          const answer = await staffCall(t, name, fields, { ...options, jar: new CookieJar() })
          expect(answer.status, `${name} ${JSON.stringify(options)}`).toBe(403)
          expect(answer.body).toEqual(refusal)
          expect(answer.setCookies).toEqual([])
        }
        // With the admin's own cookie too.
        const forged = await staffCall(
          t,
          'staffadd',
          { email: 'mallory@staff.test', name: 'Mallory', roles: 'admin' },
          { ...options, cookie: `${staffCookieName}=${admin.jar.token}` },
        )
        expect(forged.status).toBe(403)
      }
      const same = await staffCall(
        t,
        'whoami',
        {},
        {
          jar: admin.jar,
          headers: { 'sec-fetch-site': 'same-origin' },
        },
      )
      expect(same.status).toBe(200)
      const staffList = await staffCall(t, 'stafflist', {}, { jar: admin.jar })
      expect(JSON.stringify(staffList.body)).not.toContain('mallory')
    })

    it('answers only POST, never to be cached', async () => {
      const get = await t.app.request('/wp-admin/api')
      expect(get.status).toBe(405)
      const answer = await t.app.request('/wp-admin/api', {
        method: 'POST',
        headers: { origin: 'http://portal.test' },
        body: new URLSearchParams({ action: 'signout' }),
      })
      expect(answer.headers.get('cache-control')).toBe('no-store')
    })
  })
})
