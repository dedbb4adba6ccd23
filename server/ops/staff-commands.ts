import * as v from 'valibot'
import { roleList } from '#api/contract/staff/fields'
import type { Database } from '../db/database'
import {
  addStaff,
  changeStaffRoles,
  disableStaff,
  findStaffByEmail,
  listStaff,
  resendEnrolment,
  resetStaffSignIn,
  rolesWait,
  type TaskOutcome,
} from '../domain/staff'
import { type OpsCommand, type OpsContext, table } from './command'

/**
 * The staff, from the server's terminal (docs/decisions/068): the same tasks as the console's
 * admin calls, called with the person named by `--as`. The first member of staff is added here,
 * before anyone can sign in: `staff add <email> admin`, with no `--as` while there is no staff.
 */

function contextOf(context: OpsContext | undefined): OpsContext {
  if (!context) throw new Error('This command needs to know who runs it (run it through ops).')
  return context
}

const staffDeps = (db: Database, now: Date, context: OpsContext) => ({
  db,
  now: () => now,
  // The running server sends queued e-mail after each command; without one, once it starts.
  mailQueued: () => {},
  publicUrl: context.publicUrl,
})

function staffEmail(value: string | undefined): string {
  const email = value?.trim().toLowerCase()
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new Error('Give the e-mail address of the member of staff.')
  return email
}

function roles(value: string | undefined) {
  const parsed = v.safeParse(roleList, value ?? '')
  if (!parsed.success)
    throw new Error(
      `Give the roles, separated by commas: support, kyc, payments, configuration, auditor, admin.`,
    )
  return parsed.output
}

function done<T>(outcome: TaskOutcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.message)
  return outcome
}

async function staffIdOf(db: Database, email: string): Promise<number> {
  const person = await findStaffByEmail(db, email)
  if (!person) throw new Error(`No member of staff has the e-mail ${email}.`)
  return person.id
}

const linkSent = (expiresAt: Date) =>
  `the enrolment link is queued (it works until ${expiresAt.toISOString()}); the running server sends it (without SMTP_URL, it is written to DATA_DIR/outbox).`

export const staffCommands: Record<string, OpsCommand> = {
  'staff list': {
    usage: '',
    readOnly: true,
    summary: 'every member of staff: e-mail, name, roles, status, enrolled, passkeys, TOTP',
    async run(db, _args, _now, context) {
      const listed = done(await listStaff(db, contextOf(context).actor))
      return table(
        listed.staff.map((person) => ({
          email: person.email,
          name: person.name,
          roles: person.roles.join(','),
          status: person.status,
          enrolled: person.enrolled ? 'enrolled' : 'not enrolled',
          passkeys: `${person.passkeys} passkeys`,
          totp: person.totp ? 'TOTP' : 'no TOTP',
        })),
      )
    },
  },
  'staff add': {
    usage: '<email> <role[,role…]> [name]',
    summary: 'add a member of staff and e-mail them an enrolment link (24 h, single use)',
    async run(db, [email, roleText, ...name], now, context) {
      const ctx = contextOf(context)
      const address = staffEmail(email)
      const added = done(
        await addStaff(staffDeps(db, now, ctx), ctx.actor, {
          email: address,
          name: name.join(' ').trim() || (address.split('@')[0] as string),
          roles: roles(roleText),
        }),
      )
      return `${added.email} is added; ${linkSent(added.linkExpiresAt)}${rolesWait(added.rolesWait)}`
    },
  },
  'staff roles': {
    usage: '<email> <role[,role…]>',
    summary: "set a member of staff's roles (replacing the old ones)",
    async run(db, [email, roleText], now, context) {
      const ctx = contextOf(context)
      const staffId = await staffIdOf(db, staffEmail(email))
      const changed = done(
        await changeStaffRoles(staffDeps(db, now, ctx), ctx.actor, {
          staffId,
          roles: roles(roleText),
        }),
      )
      return changed.message
    },
  },
  'staff disable': {
    usage: '<email>',
    summary: 'disable a member of staff: their sessions end at once',
    async run(db, [email], now, context) {
      const ctx = contextOf(context)
      const staffId = await staffIdOf(db, staffEmail(email))
      const disabled = done(await disableStaff(staffDeps(db, now, ctx), ctx.actor, { staffId }))
      return disabled.message
    },
  },
  'staff resend': {
    usage: '<email>',
    summary: 'a new enrolment link for someone who has not enrolled (earlier ones stop working)',
    async run(db, [email], now, context) {
      const ctx = contextOf(context)
      const staffId = await staffIdOf(db, staffEmail(email))
      const sent = done(await resendEnrolment(staffDeps(db, now, ctx), ctx.actor, { staffId }))
      return `A new link for ${sent.email}: ${linkSent(sent.linkExpiresAt)}`
    },
  },
  'staff reset-sign-in': {
    usage: '<email>',
    summary:
      'after a lost passkey or phone: remove their passkeys, app and password, end their sessions, e-mail a new enrolment link',
    async run(db, [email], now, context) {
      const ctx = contextOf(context)
      const staffId = await staffIdOf(db, staffEmail(email))
      const reset = done(await resetStaffSignIn(staffDeps(db, now, ctx), ctx.actor, { staffId }))
      return reset.message
    },
  },
}
