import * as v from 'valibot'
import { plainString } from './fields'
import { labelled } from './labels'

/**
 * A customer's passkey on the wire (docs/decisions/081). The server's WebAuthn options, as
 * @simplewebauthn/browser takes them (what it needs of them: the challenge, the site, the
 * passkeys allowed); and the browser's answer, as one JSON text field the server reads.
 */
export const passkeyRequestOptions = v.object({
  challenge: v.string(),
  rpId: v.optional(v.string()),
  timeout: v.optional(v.number()),
  userVerification: v.optional(v.picklist(['required', 'preferred', 'discouraged'])),
  allowCredentials: v.optional(
    v.array(
      v.object({
        id: v.string(),
        type: v.string(),
        transports: v.optional(v.array(v.string())),
      }),
    ),
  ),
})

export const passkeyAnswer = labelled(
  v.pipe(plainString(), v.nonEmpty('is required'), v.maxLength(16_384, 'is too long')),
  "Your passkey's answer",
)

/**
 * Secure Payment Confirmation's part of a transfer's approval (docs/decisions/082): the
 * customer's payment passkeys, and the amount, payee and account the browser's own dialog
 * shows. The answer's signed client data must show exactly these.
 */
export const paymentConfirmation = v.object({
  credentialIds: v.array(v.string()),
  payeeName: v.string(),
  total: v.object({ currency: v.string(), value: v.string() }),
  instrument: v.object({ displayName: v.string(), icon: v.string() }),
})
