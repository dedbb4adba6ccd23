import fc from 'fast-check'
import { type CallDefinition, type CallName, calls } from '#api/contract'
import { wireFields, wireNameOfField } from '#api/contract/wire-fields'
import { handlers } from '#server/actions'
import { createSession, type SessionKind } from '#server/auth/sessions'
import type { TestApp } from './test-app'

/**
 * Arbitrary requests to the one endpoint, drawn from the contract: any implemented call (or an
 * unknown one), its fields present, missing, repeated or joined by strangers, with arbitrary
 * values, a token of any kind, and a body in any encoding under any declared content type.
 * Some fields also get their edge cases: forged cursors, impossible dates, amounts past the
 * largest (issue 22).
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
  // A transaction hash, with and without 0x (a chain payment: newcd, newmpc, newfdc, newupgrade).
  'c0ffee'.repeat(10).concat('abcd'),
  `0x${'c0ffee'.repeat(10)}abcd`,
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

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** A date with each part anywhere in its digits: 2026-02-30, 2026-13-01, 0000-01-01, 9999-12-31. */
const dayText = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(0, 1, 1900, 2024, 2025, 2026, 9999),
      fc.integer({ min: 0, max: 9999 }),
    ),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 0, max: 99 }),
  )
  .map(
    ([year, month, day]) =>
      `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`,
  )

/** A moment as a cursor carries one, its every part possibly out of range. */
const momentText = fc
  .tuple(
    dayText,
    fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 3, maxLength: 3 }),
    fc.constantFrom('', '.5', '.123456', '.1234567'),
    fc.constantFrom('', '+00', '-15', '+16', '+99', '+05:30', '+15:60', '+00:19:32', 'Z', ' BC'),
  )
  .map(
    ([day, [h, m, s], fraction, offset]) =>
      `${day} ${[h, m, s].map((part) => twoDigits(part ?? 0)).join(':')}${fraction}${offset}`,
  )

/** A cursor as a client could forge one: base64url of JSON, the first (22, item 6). */
const forgedCursor = fc
  .oneof(
    fc.constantFrom<unknown>(
      ['2026-02-30 10:00:00', 1],
      ['2026-13-01 00:00:00', 1],
      ['not a date', 1],
      ['2026-01-10 09:00:00+00', 2 ** 31],
      ['2026-01-10 09:00:00+00', -1],
    ),
    fc.tuple(
      fc.oneof(momentText, fc.string({ maxLength: 30 })),
      fc.oneof(
        fc.integer({ min: -1, max: 2 ** 31 + 1 }),
        fc.constantFrom(0, 2 ** 53, 1e308, 1.5, '1', null),
      ),
    ),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .map((value) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url'))

/** Amounts at and past the largest one (1,000,000,000.00), up to 13 digits (22, item 7). */
const hugeAmount = fc.oneof(
  fc.constantFrom(
    '1000000000.00',
    '1000000000.01',
    '999999999.99',
    '9999999999999.99',
    '0009999999999.99',
    '90071992547409.93',
  ),
  fc.stringMatching(/^\d{10,13}(\.\d{1,2})?$/),
)

/** Values some fields get besides the arbitrary ones, to reach deeper: the field's edge cases. */
const edgeValues: Record<string, fc.Arbitrary<string>> = {
  cursor: forgedCursor,
  amount: hugeAmount,
  from: dayText,
  to: dayText,
  dob: dayText,
  document_expiry: dayText,
}

const valueFor = (field: string): fc.Arbitrary<Value> => {
  const edge = edgeValues[field]
  return edge ? fc.oneof(textValue, edge) : textValue
}

const fileValue: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(new Blob([new Uint8Array(png)], { type: 'image/png' })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => new Blob([bytes])),
  fc.constant(new Blob([])),
  textValue,
)

/** A call's definition; none for unknown names (`toString` included). */
const definitionOf = (name: string): CallDefinition | undefined =>
  Object.hasOwn(calls, name) ? calls[name as CallName] : undefined

/** Every field name a call's request knows on the wire, across its variants. */
function fieldNames(definition: CallDefinition): string[] {
  return wireFields(definition.request).map((field) => field.wire)
}

export const implementedCalls = (Object.keys(handlers) as CallName[]).filter((name) =>
  Object.hasOwn(calls, name),
)

const fieldsFor = (name: string): fc.Arbitrary<[string, Value][]> => {
  const definition = definitionOf(name)
  const known = definition ? fieldNames(definition) : []
  const files = definition
    ? (definition.files ?? []).map((field) => wireNameOfField(definition.request, field))
    : []
  const one = (field: string) =>
    fc
      .tuple(
        fc.constantFrom(...Array(8).fill('present'), 'missing', 'repeated'),
        files.includes(field) ? fileValue : valueFor(field),
        valueFor(field),
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

const optionalDay = fc.oneof(fc.constant(''), dayText)
const statementFilter = { from: optionalDay, to: optionalDay, type: fc.constantFrom('', 'credit') }
const key = fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/)
const proof = fc.constant(new Blob([new Uint8Array(png)], { type: 'image/png' }))
const coin = fc.constantFrom('Bitcoin (BTC)', 'Ethereum (ETH)')
/** Hashes in every coin's format, or none's; one payment may come again (claimed once). */
const txHash = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{64}$/),
  fc.stringMatching(/^0x[0-9a-fA-F]{64}$/),
  fc.constant('c0ffee'.repeat(10).concat('abcd')),
  fc.stringMatching(/^[0-9a-g]{60,66}$/),
)
const payee = {
  bank: fc.constant('First Harbor Bank'),
  swift: fc.constant('FHBKGB2L'),
  act_no: fc.constant('GB29NWBK60161331926819'),
  act_hold_name: fc.constant('Jane Doe'),
}
const payeeDetails = {
  currency: fc.constant('USD'),
  routing: fc.constant('021000089'),
  country: fc.constant('United Kingdom'),
}

/**
 * Calls with a cursor, a date or an amount, every other field well formed: their edge cases
 * reach the handlers, and the database, far more often than in `fuzzRequest`.
 */
const wellFormed: Partial<Record<CallName, Record<string, fc.Arbitrary<Value>>>> = {
  statementPage: { ...statementFilter, cursor: forgedCursor, limit: fc.constantFrom('1', '100') },
  statementCsv: statementFilter,
  statementPdf: statementFilter,
  submitCryptoDeposit: {
    type: coin,
    amount: hugeAmount,
    tx_hash: txHash,
    depositPic: proof,
    idempotency_key: key,
  },
  submitPayment: {
    purpose: fc.constant('Loan repayment'),
    type: coin,
    amount: hugeAmount,
    tx_hash: txHash,
    depositPic: proof,
    idempotency_key: key,
  },
  submitFixedDeposit: {
    plan: fc.constant('12 months at 5.2%'),
    type: coin,
    amount: hugeAmount,
    tx_hash: txHash,
    fixedDepositPic: proof,
    idempotency_key: key,
  },
  submitUpgrade: {
    plan: fc.constant('Tier 2'),
    type: coin,
    amount: hugeAmount,
    tx_hash: txHash,
    depositPic: proof,
    idempotency_key: key,
  },
  confirmTransferPin: { pin: fc.constant('2468'), amount: hugeAmount, ...payee, ...payeeDetails },
  submitTransfer: {
    ...payee,
    ...payeeDetails,
    amount: hugeAmount,
    note: fc.constant('Rent'),
    extra: fc.constant('{}'),
    authorization: key,
    idempotency_key: key,
  },
}

export const edgeRequest: fc.Arbitrary<FuzzRequest> = fc
  .constantFrom(...(Object.keys(wellFormed) as CallName[]))
  .chain((call) =>
    fc.record({
      call: fc.constant(call),
      addressing: fc.constant(addressingOf(call)),
      token: fc.constant(tokenOf(call)),
      fields: fc.record(wellFormed[call] ?? {}).map((fields) => Object.entries(fields)),
      encoding: fc.constant('multipart' as const),
      contentType: fc.constant(null),
      raw: fc.constant(new Uint8Array()),
    }),
  )

/** Sends one fuzzed request to the app; answers its HTTP status. */
export async function sendFuzzed(
  t: TestApp,
  request: FuzzRequest,
  userIds: Record<SessionKind, number>,
): Promise<number> {
  return (await sendFuzzedFor(t, request, userIds)).status
}

/** Sends one fuzzed request to the app; answers its HTTP status and a refusal's message. */
export async function sendFuzzedFor(
  t: TestApp,
  request: FuzzRequest,
  userIds: Record<SessionKind, number>,
): Promise<{ status: number; message: string | null }> {
  const entries: [string, Value][] = [...request.fields]
  // A known call travels by its wire marker; any other string as it is.
  const marker = definitionOf(request.call)?.wire ?? request.call
  if (request.addressing === 'action' || request.addressing === 'both')
    entries.unshift(['action', marker])
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
      ? `?crud=${encodeURIComponent(marker)}`
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
  const text = await response.text()
  let message: string | null = null
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const answer = JSON.parse(text) as { message?: unknown }
    if (typeof answer.message === 'string') message = answer.message
  }
  return { status: response.status, message }
}
