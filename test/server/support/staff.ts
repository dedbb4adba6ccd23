import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'
import type { StaffCallName, StaffRole } from '#api/contract/staff'
import { totpCodeAt } from '#server/auth/totp'
import { decideApproval } from '#server/domain/approval-decisions'
import { addStaff, type StaffActor } from '#server/domain/staff'
import { staffApiPath, staffCookieName } from '#server/staff/dispatcher'
import { lastMailTo } from './mailbox'
import type { TestApp } from './test-app'

/**
 * The staff console's calls in tests (docs/decisions/068): as a browser on the portal's origin
 * sends them, with a cookie jar of the console's one cookie, and a software passkey.
 */
export const consoleOrigin = 'http://portal.test'

export interface StaffAnswer {
  status: number
  body: Record<string, unknown>
  /** The Set-Cookie header lines of the answer. */
  setCookies: string[]
}

/** The console's cookie, as a browser keeps it: set, replaced and cleared by the answers. */
export class CookieJar {
  token: string | null = null

  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const [name, value = ''] = pair.split('=')
      if (name !== staffCookieName) continue
      const cleared = value === '' || attributes.some((attribute) => /^max-age=0$/i.test(attribute))
      this.token = cleared ? null : value
    }
  }
}

export async function staffCall(
  t: Pick<TestApp, 'app'>,
  action: StaffCallName | string,
  fields: Record<string, string> = {},
  options: {
    jar?: CookieJar
    /** A cookie header of one's own (another token); the jar's otherwise. */
    cookie?: string
    /** The Origin header; the console's unless given (null: none). */
    origin?: string | null
    headers?: Record<string, string>
    /** The client address the request comes from (as @hono/node-server reports it). */
    address?: string
  } = {},
): Promise<StaffAnswer> {
  const headers: Record<string, string> = { ...options.headers }
  const origin = options.origin === undefined ? consoleOrigin : options.origin
  if (origin !== null) headers.origin = origin
  const cookie =
    options.cookie ?? (options.jar?.token ? `${staffCookieName}=${options.jar.token}` : undefined)
  if (cookie) headers.cookie = cookie
  const env = options.address
    ? { incoming: { socket: { remoteAddress: options.address } } }
    : undefined
  const response = await t.app.request(
    staffApiPath,
    { method: 'POST', headers, body: new URLSearchParams({ action, ...fields }) },
    env,
  )
  const setCookies = response.headers.getSetCookie()
  options.jar?.take(setCookies)
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    setCookies,
  }
}

/** The token of the enrolment link in the newest e-mail to `email`. */
export async function enrolmentLinkOf(t: TestApp, email: string): Promise<string> {
  const mail = await lastMailTo(t.db, email)
  const link = /\/wp-admin\/enrol#([A-Za-z0-9_-]{43})/.exec(mail.textBody)?.[1]
  if (!link) throw new Error(`no enrolment link in the e-mail "${mail.subject}"`)
  return link
}

/** The operating-system account, acting before any member of staff exists. */
export const terminal: StaffActor = { staffId: null, email: 'root' }

/** The approval id in a "Sent for approval: … (approval N, until …)" answer, or undefined. */
export const approvalIdIn = (message: string) => /\(approval (\d+), until /.exec(message)?.[1]

/**
 * Adds a member of staff as `actor` (the terminal for the first), returning their id. Once the
 * bank has two admins their roles wait for a second admin (docs/decisions/098): `checker`, a
 * second admin, approves them.
 */
export async function addStaffMember(
  t: TestApp,
  actor: StaffActor,
  email: string,
  roles: StaffRole[],
  checker?: StaffActor,
): Promise<number> {
  const added = await addStaff(t.deps, actor, { email, name: `Staff ${roles.join(' ')}`, roles })
  if (!added.ok) throw new Error(added.message)
  if (added.rolesWait === null) return added.id
  const approval = approvalIdIn(added.rolesWait)
  if (!checker || !approval)
    throw new Error(`the roles of ${email} wait for a second admin: ${added.rolesWait}`)
  const approved = await decideApproval(t.deps, checker, Number(approval), { approve: true })
  if (!approved.ok) throw new Error(approved.message)
  return added.id
}

export const goodPassword = 'correct horse battery staple'

export interface EnrolledStaff {
  id: number
  email: string
  password: string
  totpSecret: string
  jar: CookieJar
  actor: StaffActor
}

/**
 * A member of staff through the whole enrolment with an authenticator app: added, the link
 * from the e-mail, a password, a TOTP secret confirmed. Ends signed in (in `jar`).
 */
export async function enrolWithTotp(
  t: TestApp,
  actor: StaffActor,
  email: string,
  roles: StaffRole[],
  checker?: StaffActor,
): Promise<EnrolledStaff> {
  const id = await addStaffMember(t, actor, email, roles, checker)
  const jar = new CookieJar()
  const link = await enrolmentLinkOf(t, email)
  const set = await staffCall(t, 'enrolpassword', { link, password: goodPassword }, { jar })
  if (set.body.status !== true) throw new Error(`enrolpassword: ${JSON.stringify(set.body)}`)
  const begun = await staffCall(t, 'totpbegin', {}, { jar })
  const totpSecret = begun.body.secret as string
  const confirmed = await staffCall(
    t,
    'totpconfirm',
    { code: totpCodeAt(totpSecret, t.clock.now()) },
    { jar },
  )
  if (confirmed.body.status !== true)
    throw new Error(`totpconfirm: ${JSON.stringify(confirmed.body)}`)
  return { id, email, password: goodPassword, totpSecret, jar, actor: { staffId: id, email } }
}

/**
 * Signs in with the password and a TOTP code, 30 s later than anything before (a code is taken
 * once per step, so a second sign-in in the same step waits for the next code, as a person does).
 */
export async function signInWithTotp(t: TestApp, person: EnrolledStaff): Promise<CookieJar> {
  t.clock.advance(30_000)
  const jar = new CookieJar()
  const first = await staffCall(
    t,
    'signin',
    { email: person.email, password: person.password },
    { jar },
  )
  if (first.body.status !== true) throw new Error(`signin: ${JSON.stringify(first.body)}`)
  const second = await staffCall(
    t,
    'secondfactor',
    { method: 'totp', code: totpCodeAt(person.totpSecret, t.clock.now()) },
    { jar },
  )
  if (second.body.status !== true) throw new Error(`secondfactor: ${JSON.stringify(second.body)}`)
  return jar
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return bytes
}

/**
 * A passkey authenticator in software: an ES256 (P-256) key made with node:crypto, 'none'
 * attestation encoded with the CBOR helper @simplewebauthn/server exports, and assertions signed
 * over authenticatorData + SHA-256(clientDataJSON), as a browser's platform authenticator does.
 */
export class SoftwarePasskey {
  readonly credentialId = randomBytes(16)
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject
  signCount = 0

  constructor(readonly origin: string = consoleOrigin) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  get id() {
    return isoBase64URL.fromBuffer(this.credentialId)
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x as string)],
        [-3, isoBase64URL.toBuffer(jwk.y as string)],
      ]),
    )
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array) {
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      u32(this.signCount),
      ...(attested ? [attested] : []),
    ])
  }

  private clientData(type: string, challenge: string, extra: object = {}) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false, ...extra }),
    )
  }

  /** navigator.credentials.create with the server's options, as @simplewebauthn/browser sends it. */
  create(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()])
    // User present, user verified, attested credential data included.
    const authData = this.authenticatorData(rpId, 0x01 | 0x04 | 0x40, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          this.clientData('webauthn.create', options.challenge),
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** navigator.credentials.get with the server's options; the counter goes up by one. */
  get(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON {
    return this.assert(options, this.clientData('webauthn.get', options.challenge))
  }

  /**
   * Secure Payment Confirmation (docs/decisions/082) as Chromium answers it: a `payment.get`
   * whose client data carries what the browser's dialog showed, signed with the rest.
   */
  pay(
    options: PublicKeyCredentialRequestOptionsJSON,
    shown: {
      payeeName: string
      total: { currency: string; value: string }
      instrument: { displayName: string; icon: string }
    },
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.origin).hostname
    const payment = {
      rpId,
      topOrigin: this.origin,
      payeeName: shown.payeeName,
      paymentEntitiesLogos: [],
      total: shown.total,
      instrument: shown.instrument,
    }
    return this.assert(options, this.clientData('payment.get', options.challenge, { payment }))
  }

  private assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    clientDataJSON: Buffer<ArrayBuffer>,
  ): AuthenticationResponseJSON {
    this.signCount++
    const rpId = options.rpId ?? new URL(this.origin).hostname
    const authData = this.authenticatorData(rpId, 0x01 | 0x04)
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
