import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { type CallDefinition, type CallName, callNames, calls } from '#api/contract'
import { fieldLabel } from '#api/contract/labels'
import { maximumAmountText } from '#api/money'
import { handlers } from '#server/actions'
import { fieldNameCell, readableNameOf, withWireNames } from './api-docs-wire-names'
import { renderStaffApiDocs } from './staff-api-docs'

export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  additionalProperties?: JsonSchema | boolean
}

const accessText = {
  public: 'none',
  session: 'session token (baUid)',
  kyc: 'temporary KYC token (tempbaUid)',
  notice: 'notice token (sbaUid)',
} as const

/** A request's or answer's JSON schema, by the wire's field names. */
export const jsonSchemaOf = (schema: v.GenericSchema) =>
  withWireNames(schema, toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema)

export function describeType(
  schema: JsonSchema,
  fileFields: readonly string[],
  name: string,
): string {
  if (fileFields.includes(name)) return 'file (multipart)'
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' \\| ')
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return alternatives.map((option) => describeType(option, [], '')).join(' \\| ')
  const type = Array.isArray(schema.type) ? schema.type.join(' \\| ') : (schema.type ?? 'any')
  const details = [
    schema.format && `format ${schema.format}`,
    schema.pattern && `pattern \`${schema.pattern.replaceAll('|', '\\|')}\``,
    schema.minLength !== undefined && `min ${schema.minLength}`,
    schema.maxLength !== undefined && `max ${schema.maxLength}`,
  ].filter(Boolean)
  if (type === 'array' && schema.items) return `array of ${describeType(schema.items, [], '')}`
  if (type === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties).map(
      ([key, value]) =>
        `${key}${schema.required?.includes(key) ? '' : '?'}: ${describeType(value, [], key)}`,
    )
    return `{ ${fields.join(', ')} }`
  }
  return details.length ? `${type} (${details.join(', ')})` : type
}

export function fieldRows(
  schema: JsonSchema,
  definition: Pick<CallDefinition, 'request' | 'files'>,
): string[] {
  const fileFields = definition.files ?? []
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) {
    return variants.flatMap((variant, index) => [
      `| _variant ${index + 1}_ | | | |`,
      ...fieldRows(variant, definition),
    ])
  }
  const entries = Object.entries(schema.properties ?? {})
  if (entries.length === 0) return ['| _(no fields)_ | | | |']
  return entries.map(([name, field]) => {
    const readable = readableNameOf(definition.request, name)
    return `| ${fieldNameCell(definition.request, name)} | ${describeType(field, fileFields, readable)} | ${schema.required?.includes(name) ? 'yes' : 'no'} | ${fieldLabel(definition, readable) ?? ''} |`
  })
}

/** The rows of an answer's fields (`schema`, its contract schema, names the code's fields). */
export const responseFields = (response: JsonSchema, schema?: v.GenericSchema) =>
  Object.entries(response.properties ?? {}).map(
    ([key, value]) =>
      `| ${schema ? fieldNameCell(schema, key) : `\`${key}\``} | ${describeType(value, [], key)} | ${response.required?.includes(key) ? 'always' : 'sometimes'} |`,
  )

function renderCall(name: CallName): string {
  const call = calls[name]
  const address =
    call.kind === 'crud'
      ? `POST /api/users?crud=${call.wire}`
      : `POST /api/users, action=${call.wire}`
  const responseRows = call.download
    ? [
        `The answer is the file itself (\`${call.download}\`, streamed, \`Content-Disposition: attachment\`); a refusal is JSON like any other.`,
      ]
    : [
        '| response field | type | present |',
        '| --- | --- | --- |',
        ...responseFields(jsonSchemaOf(call.response), call.response),
      ]
  return [
    `### ${call.wire}`,
    '',
    call.summary,
    '',
    `- Name in the code: \`${name}\``,
    `- Address: \`${address}\`${call.files ? ' (multipart/form-data)' : ''}`,
    `- Token: ${accessText[call.access]}`,
    `- Status: ${handlers[name] ? 'implemented' : 'not built yet (answers 501)'}`,
    '',
    '| request field | type | required | named in refusals |',
    '| --- | --- | --- | --- |',
    ...fieldRows(jsonSchemaOf(call.request), call),
    '',
    ...responseRows,
    '',
  ].join('\n')
}

/** docs/api.md, generated from the contract registry so the two cannot disagree. */
export function renderApiDocs(): string {
  const sorted = [...callNames].sort((a, b) => (calls[a].wire < calls[b].wire ? -1 : 1))
  const actions = sorted.filter((name) => calls[name].kind === 'action')
  const cruds = sorted.filter((name) => calls[name].kind === 'crud')
  return [
    '# The portal API',
    '',
    '<!-- Generated by `npm run docs:api` from src/api/contract. Do not edit by hand. -->',
    '',
    'One endpoint: `POST /api/users`. A call is named either by an action marker, the body field',
    '`action` (`action=getstatement`), or by the query parameter `crud` (`?crud=userlogin`). Bodies',
    'are `application/x-www-form-urlencoded`, or `multipart/form-data` when a file is sent. The',
    'session token travels as the body field `token`. Answers are JSON, except the downloads',
    '(`statementcsv`, `statementpdf`, `receiptpdf`), which answer with the file itself.',
    '',
    '## Language',
    '',
    'A request may say in `Accept-Language` which language its answer is read in: English (the',
    "default, and the words this reference quotes) or Spanish (`es`, `es-ES`, …). The answer's",
    'fields and their meaning are the same in both; only the words a customer reads change (a',
    "`message`, a step's `head` and `body`, a notification's `title` and `body`, and the refusals in",
    "a customer's words below; those told in terms of the protocol stay English). The portal sends",
    'the language its page is shown in. A signup keeps its language as the customer’s, and so does',
    'each sign-in: the e-mails the bank sends them are written in it (docs/decisions/091).',
    '',
    '## Errors',
    '',
    'Every refusal is JSON `{ "error": true, "message": "..." }`. A refused field is told in words a',
    "customer can act on, one sentence per field, naming it as the table's last column does and never",
    'by its wire name or the call\'s: "The proof of payment must be at most 5 MB.", "Your PIN must be',
    '4 digits.", "The amount is required." Only a request no form of the portal sends (an unknown call,',
    'a body that is not form data, a repeated field, a file where text belongs) is told in terms of the',
    'protocol.',
    '',
    'Each call is headed by its wire marker, the name the spec gives it; the code names it by a',
    'readable name (`submitTransfer` for `newtrs`), which never travels: the contract maps one to',
    'the other at the edges (src/api/contract/index.ts, `wire` and `callByWire`).',
    '',
    '| status | when |',
    '| --- | --- |',
    "| 400 | a missing or malformed field (in the customer's words, above); unknown action or crud name; a repeated field; a file where text belongs; a body that is not form data; a body over 16 MB |",
    '| 401 | the call needs a token and none, an expired, a revoked or an idle one was sent (a signed-in session ends after `SESSION_IDLE_MINUTES` without a call; see `keepalive`) |',
    "| 404 | a download of something that is not the caller's (`receiptpdf`): the same answer as for an unknown id |",
    '| 405 | a method other than POST |',
    '| 501 | the call is in the contract but its feature is not built yet |',
    '| 500 | a fault on the server; the message never includes internals |',
    '',
    'Amounts are decimal strings with at most two decimals in requests and exactly two in answers',
    '(`"1234.50"`); the server keeps integer minor units. An amount in a request is at most',
    `${maximumAmountText}: a larger one is refused with 400 (\`The amount must be at most ${maximumAmountText}.\`).`,
    'Dates are ISO 8601 timestamps.',
    '',
    '## Privacy of answers',
    '',
    '`iduser` answers an unknown e-mail in the same shape as a known one (an empty name), and',
    '`userlogin` answers a wrong e-mail and a wrong passcode with the same `Invalid Credentials`,',
    'so the login form does not tell which e-mails have accounts.',
    '',
    '## Calls with an action marker',
    '',
    ...actions.map(renderCall),
    '## Crud calls',
    '',
    ...cruds.map(renderCall),
    renderStaffApiDocs(),
  ].join('\n')
}
