import fc from 'fast-check'
import type * as v from 'valibot'
import { type CallDefinition, type CallName, calls } from '#api/contract'
import { handlers } from '#server/actions'
import { createSession, type SessionKind } from '#server/auth/sessions'
import type { TestApp } from './test-app'

/**
 * Arbitrary requests to the one endpoint, drawn from the contract: any implemented call (or an
 * unknown one), its fields present, missing, repeated or joined by strangers, with arbitrary
 * values, a token of any kind, and a body in any encoding under any declared content type.
 */

type Value = string | Blob
export interface FuzzRequest {
  call: string
  addressing: 'action' | 'crud' | 'both' | 'neither'
  token: SessionKind | 'garbage' | 'none'
  fields: [string, Value][]
  encoding: 'form' | 'multipart' | 'raw'
  contentType: string | null
  raw: Uint8Array
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Values that pass some field's shape, so the fuzz also reaches the handlers. */
const plausible = [
  'demo@meridian.example',
  'pending@meridian.example',
  'nobody@example.com',
  '123456',
  '1234',
  '000000',
  '12.50',
  '0',
  '-1',
  '1e309',
  '99999999999999999999',
  "Driver's License",
  'International Passport',
  'Norway',
  'on',
  'code',
  'reset',
  '2026-02-30',
  'TRX-1',
  ' ',
  '',
]

const controlish = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '%00',
)

const textValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...plausible) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{1,8}$/) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...plausible), controlish)
      .map(([text, bad]) => `${text}${bad}`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 5000 }).map((n) => 'x'.repeat(n)) },
)

const fileValue: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(new Blob([new Uint8Array(png)], { type: 'image/png' })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => new Blob([bytes])),
  fc.constant(new Blob([])),
  textValue,
)

/** A call's definition; none for unknown names (`toString` included). */
const definitionOf = (name: string): CallDefinition | undefined =>
  Object.hasOwn(calls, name) ? calls[name as CallName] : undefined

/** Every field name a call's request knows, across its variants. */
function fieldNames(definition: CallDefinition): string[] {
  const request = definition.request as v.GenericSchema & {
    entries?: v.ObjectEntries
    options?: { entries: v.ObjectEntries }[]
  }
  const objects = request.options?.map((option) => option.entries) ?? [request.entries ?? {}]
  return [...new Set(objects.flatMap((entries) => Object.keys(entries)))]
}

export const implementedCalls = (Object.keys(handlers) as CallName[]).filter((name) =>
  Object.hasOwn(calls, name),
)

const fieldsFor = (name: string): fc.Arbitrary<[string, Value][]> => {
  const definition = definitionOf(name)
  const known = definition ? fieldNames(definition) : []
  const files = definition?.files ?? []
  const one = (field: string) =>
    fc
      .tuple(
        fc.constantFrom(...Array(8).fill('present'), 'missing', 'repeated'),
        files.includes(field) ? fileValue : textValue,
        textValue,
      )
      .map(([how, value, again]): [string, Value][] =>
        how === 'missing'
          ? []
          : how === 'repeated'
            ? [
                [field, value],
                [field, again],
              ]
            : [[field, value]],
      )
  const strangers = fc.array(
    fc.tuple(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('token', 'action', '__proto__', 'constructor'),
      ),
      textValue,
    ),
    { maxLength: 3 },
  )
  return fc
    .tuple(fc.tuple(...known.map(one)), strangers)
    .map(([perField, extra]) => [...perField.flat(), ...extra])
}

/** The well-formed way to address a call and the token it needs, so most requests get far. */
const addressingOf = (call: string): FuzzRequest['addressing'] =>
  definitionOf(call)?.kind === 'crud' ? 'crud' : 'action'
const tokenOf = (call: string): FuzzRequest['token'] => {
  const access = definitionOf(call)?.access
  return access === undefined || access === 'public' ? 'none' : access
}

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .oneof(
    { weight: 9, arbitrary: fc.constantFrom(...implementedCalls) as fc.Arbitrary<string> },
    { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
  )
  .chain((call) =>
    fc.record({
      call: fc.constant(call),
      addressing: fc.oneof(
        { weight: 8, arbitrary: fc.constant(addressingOf(call)) },
        { weight: 2, arbitrary: fc.constantFrom('action', 'crud', 'both', 'neither') },
      ),
      token: fc.oneof(
        { weight: 8, arbitrary: fc.constant(tokenOf(call)) },
        { weight: 2, arbitrary: fc.constantFrom('session', 'kyc', 'notice', 'garbage', 'none') },
      ),
      fields: fieldsFor(call),
      encoding: fc.constantFrom('form', 'form', 'multipart', 'multipart', 'raw'),
      contentType: fc.oneof(
        { weight: 12, arbitrary: fc.constant(null) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'application/json',
            'text/plain',
            'multipart/form-data',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded; charset=utf-16',
            'application/x-www-form-urlencoded',
            '',
          ),
        },
      ),
      raw: fc.uint8Array({ maxLength: 200 }),
    }),
  ) as fc.Arbitrary<FuzzRequest>

/** Sends one fuzzed request to the app; answers its HTTP status. */
export async function sendFuzzed(
  t: TestApp,
  request: FuzzRequest,
  userIds: Record<SessionKind, number>,
) {
  const entries: [string, Value][] = [...request.fields]
  if (request.addressing === 'action' || request.addressing === 'both')
    entries.unshift(['action', request.call])
  if (request.token === 'garbage') entries.push(['token', 'not-a-token'])
  else if (request.token !== 'none') {
    const kind = request.token
    entries.push([
      'token',
      await createSession(t.db, { userId: userIds[kind], kind, now: t.clock.now() }),
    ])
  }
  const query =
    request.addressing === 'crud' || request.addressing === 'both'
      ? `?crud=${encodeURIComponent(request.call)}`
      : ''

  let body: BodyInit
  let contentType: string | null
  if (request.encoding === 'multipart') {
    const form = new FormData()
    for (const [key, value] of entries) form.append(key, value)
    const encoded = new Response(form)
    contentType = encoded.headers.get('content-type')
    body = new Uint8Array(await encoded.arrayBuffer())
  } else if (request.encoding === 'form') {
    const form = new URLSearchParams()
    for (const [key, value] of entries) form.append(key, typeof value === 'string' ? value : 'blob')
    contentType = 'application/x-www-form-urlencoded'
    body = form.toString()
  } else {
    contentType = 'application/octet-stream'
    body = request.raw as Uint8Array<ArrayBuffer>
  }
  const headers = new Headers()
  const declared = request.contentType ?? contentType
  if (declared !== null) headers.set('content-type', declared)
  const response = await t.app.request(`/api/users${query}`, { method: 'POST', body, headers })
  await response.arrayBuffer()
  return response.status
}
