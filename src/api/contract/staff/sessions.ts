import * as v from 'valibot'
import { defineStaffCall } from './define'
import { isoDate, me, statusAnswer } from './fields'

/** The signed-in person's own session and sessions (docs/decisions/068). */

export const whoami = defineStaffCall({
  access: 'staff',
  roles: 'any',
  activity: false,
  summary:
    "The signed-in person, their roles and factors, and when the session ends; it does not count as activity (the console's idle warning reads it).",
  request: v.object({}),
  response: me,
})

export const keepalive = defineStaffCall({
  access: 'staff',
  roles: 'any',
  summary: "Counts as activity: the session's 15 idle minutes start again.",
  request: v.object({}),
  response: v.object({ ends_at: isoDate }),
})

export const signout = defineStaffCall({
  access: 'public',
  roles: 'any',
  summary: 'Ends the session of the cookie sent, if any, at whatever step, and clears the cookie.',
  request: v.object({}),
  response: v.object({ status: v.boolean() }),
})

export const mysessions = defineStaffCall({
  access: 'staff',
  roles: 'any',
  summary:
    "The person's signed-in sessions that are still live, newest first; `current` marks this one.",
  request: v.object({}),
  response: v.object({
    sessions: v.array(
      v.object({
        id: v.number(),
        created_at: isoDate,
        last_seen_at: isoDate,
        expires_at: isoDate,
        client_address: v.nullable(v.string()),
        user_agent: v.nullable(v.string()),
        current: v.boolean(),
      }),
    ),
  }),
})

export const signoutothers = defineStaffCall({
  access: 'staff',
  roles: 'any',
  audit: 'sessions end others',
  summary:
    'Ends every other session of the person (and any sign-in or enrolment under way); this one stays.',
  request: v.object({}),
  response: v.object({ ...statusAnswer.entries, ended: v.number() }),
})
