import { auditNamesOf, type StaffCallName, staffCallNames, staffCalls } from '#api/contract/staff'
import { staffHandlers } from '#server/staff/handlers'
import { fieldRows, jsonSchemaOf, responseFields } from './api-docs'

/**
 * The staff console's part of docs/api.md (docs/decisions/068), from its own registry
 * (src/api/contract/staff): `POST /wp-admin/api`, the cookie, the Origin check, the roles.
 */
const accessText = {
  public: 'none',
  second_factor: 'the cookie of a sign-in waiting for its second factor',
  setup: 'the cookie of an enrolment under way, or of a signed-in session',
  staff: 'the cookie of a signed-in session',
} as const

function renderStaffCall(name: StaffCallName): string {
  const call = staffCalls[name]
  const roles =
    call.access !== 'staff'
      ? 'anyone (no role is checked)'
      : call.roles === 'any'
        ? 'every member of staff'
        : call.roles.map((role) => `\`${role}\``).join(', ')
  return [
    `### ${name}`,
    '',
    call.summary,
    '',
    `- Address: \`POST /wp-admin/api, action=${name}\``,
    `- Cookie: ${accessText[call.access]}`,
    `- Roles: ${roles}`,
    ...(call.audit
      ? [
          `- Audit log: written as ${auditNamesOf(call)
            .map((name) => `\`${name}\``)
            .join(' or ')}, done or refused`,
        ]
      : []),
    ...(call.activity === false ? ['- Does not count as activity (the idle timer)'] : []),
    `- Status: ${staffHandlers[name] ? 'implemented' : 'not built yet'}`,
    '',
    '| request field | type | required | named in refusals |',
    '| --- | --- | --- | --- |',
    ...fieldRows(jsonSchemaOf(call.request), call),
    '',
    '| response field | type | present |',
    '| --- | --- | --- |',
    ...responseFields(jsonSchemaOf(call.response)),
    '',
  ].join('\n')
}

export function renderStaffApiDocs(): string {
  return [
    '# The staff console API',
    '',
    'The staff console (at `/wp-admin/`) has an endpoint and a registry of its own',
    '(src/api/contract/staff; docs/decisions/068): `POST /wp-admin/api`, the call named by the body',
    'field `action`, bodies form-encoded as above, answers JSON, refusals as above. None of its',
    "calls is reachable at `/api/users`, and none of the portal's here.",
    '',
    '- The session travels only in the cookie `staff_session` (`HttpOnly; SameSite=Strict;',
    '  Path=/wp-admin`, and `Secure` when `PUBLIC_URL` is https), set and cleared by the calls',
    '  below; a `token` field is not read. A signed-in session ends after 15 minutes without a',
    '  call, 8 hours after sign-in, and at once when its person is disabled.',
    "- Every request must carry the header `Origin` with the portal's own origin (the origin of",
    "  `PUBLIC_URL`), and a browser's `Sec-Fetch-Site`, if sent, must be `same-origin`: else 403.",
    '- Each call names the roles that may make it, checked on every call before its fields: 401',
    '  without a live session of the right step, 403 without one of the roles.',
    '- Sign-in is the password (`signin`), then always a second factor (`secondfactor`: a passkey',
    '  answer or a TOTP code). Enrolment is the e-mailed link and a password (`enrolpassword`),',
    '  then a passkey (`passkeyoptions`, `passkeyregister`) or an authenticator app (`totpbegin`,',
    '  `totpconfirm`). Passkey options and answers are the JSON of `@simplewebauthn/browser`; an',
    '  answer is sent as one form field holding its JSON text; `roles` is a list separated by',
    '  commas (`kyc,payments`).',
    '- The queue and case calls answer money in integer minor units (1234 is 12.34) and dates as',
    '  ISO strings; their lists are 50 rows a page (`page` from 1; `total` in the answer). A',
    '  decision on an item someone decided already is refused naming who and when',
    '  (docs/decisions/072). A `404` answers a case or customer that does not exist.',
    '- A file reference (`{ id, url, content_type, size }`) is loaded with `GET <url>`',
    '  (`/wp-admin/files/<id>`, the same cookie): 401 without a session, 403 for a role that may',
    '  not see that kind of file (KYC documents: kyc, support, auditor; proofs: payments,',
    '  auditor), 404 for no such file. It is served `no-store`, `nosniff`, inline, under a',
    "  sandboxing CSP, to be framed by the console's own pages only, in a frame without the",
    "  `sandbox` attribute (Chromium's PDF viewer refuses one). Each load is an audited read.",
    '',
    '| status | when |',
    '| --- | --- |',
    '| 400 | a missing or malformed field (in words, as above); an unknown action |',
    '| 401 | the call needs a cookie and none, an expired, a revoked, an idle one, one of another step, or one of a disabled person was sent |',
    "| 403 | the Origin is missing or another site's; the person holds none of the call's roles |",
    '| 405 | a method other than POST |',
    '',
    '## Staff calls',
    '',
    ...[...staffCallNames].sort().map(renderStaffCall),
  ].join('\n')
}
