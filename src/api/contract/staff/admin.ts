import * as v from 'valibot'
import { email } from '../fields'
import { defineStaffCall } from './define'
import { isoDate, role, roleList, staffId, staffName, statusAnswer } from './fields'

/** The staff themselves: the admin role's (docs/decisions/068); the auditor reads the list. */

export const stafflist = defineStaffCall({
  access: 'staff',
  roles: ['admin', 'auditor'],
  summary: 'Every member of staff: roles, status, whether enrolled, and their second factors.',
  request: v.object({}),
  response: v.object({
    staff: v.array(
      v.object({
        id: v.number(),
        email: v.string(),
        name: v.string(),
        roles: v.array(role),
        status: v.picklist(['active', 'disabled']),
        enrolled: v.boolean(),
        passkeys: v.number(),
        totp: v.boolean(),
        created_at: isoDate,
      }),
    ),
  }),
})

export const staffadd = defineStaffCall({
  access: 'staff',
  roles: ['admin'],
  audit: 'staff add',
  summary:
    'Adds a member of staff and e-mails them an enrolment link (single use, 24 hours). Their roles apply at once while the bank has fewer than two admins; after that they wait for a second admin (the person holds no role meanwhile).',
  request: v.object({ email, name: staffName, roles: roleList }),
  response: v.object({ ...statusAnswer.entries, id: v.optional(v.number()) }),
})

export const staffroles = defineStaffCall({
  access: 'staff',
  roles: ['admin'],
  audit: 'staff roles',
  summary:
    "Sets a member of staff's roles (all of them, replacing the old). At once while the bank has fewer than two admins; after that it waits for a second admin. Never leaves the bank without an admin, nor with fewer than two once it has two.",
  request: v.object({ staff_id: staffId, roles: roleList }),
  response: statusAnswer,
})

export const staffdisable = defineStaffCall({
  access: 'staff',
  roles: ['admin'],
  audit: 'staff disable',
  summary:
    'Disables a member of staff: every session of theirs ends at once and they cannot sign in. Not oneself. An admin, once the bank has two, only when a second admin approves, and never below two admins.',
  request: v.object({ staff_id: staffId }),
  response: v.object({ ...statusAnswer.entries, sessions_ended: v.optional(v.number()) }),
})

export const staffresend = defineStaffCall({
  access: 'staff',
  roles: ['admin'],
  audit: 'staff resend',
  summary:
    'E-mails a new enrolment link to a member of staff who has not finished enrolling (earlier links stop working).',
  request: v.object({ staff_id: staffId }),
  response: statusAnswer,
})

export const staffresetsignin = defineStaffCall({
  access: 'staff',
  roles: ['admin'],
  audit: 'staff reset-sign-in',
  summary:
    "Resets a member of staff's sign-in after a lost passkey or phone: their passkeys, authenticator app and password are removed, their sessions end, and a new enrolment link is e-mailed to them. Not oneself; an admin's, once the bank has two, only when a second admin approves.",
  request: v.object({ staff_id: staffId }),
  response: statusAnswer,
})
