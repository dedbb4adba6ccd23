import {
  base64URLStringToBuffer,
  bufferToBase64URLString,
  platformAuthenticatorIsAvailable,
} from '@simplewebauthn/browser'
import type { PaymentApproval } from '#machines/send.machine'

/**
 * Secure Payment Confirmation (docs/decisions/082) through the browser's Payment Request API:
 * the browser's own dialog shows the amount, the payee and the account, and the passkey signs
 * the server's challenge with what it showed. Loaded, as the passkeys' module, only by the
 * screens that ask for a passkey.
 */
const method = 'secure-payment-confirmation'

function paymentRequestOf({ options, payment }: PaymentApproval): PaymentRequest {
  return new PaymentRequest(
    [
      {
        supportedMethods: method,
        data: {
          credentialIds: payment.credentialIds.map(base64URLStringToBuffer),
          challenge: base64URLStringToBuffer(options.challenge),
          rpId: options.rpId ?? window.location.hostname,
          payeeName: payment.payeeName,
          instrument: payment.instrument,
          timeout: options.timeout,
        },
      },
    ],
    { total: { label: 'Transfer', amount: payment.total } },
  )
}

/** Whether the browser offers the payment dialog for this approval (false: it has no such API). */
export async function paymentDialogOffered(approval: PaymentApproval): Promise<boolean> {
  if (typeof PaymentRequest === 'undefined') return false
  try {
    return await paymentRequestOf(approval).canMakePayment()
  } catch {
    return false
  }
}

/**
 * Whether a passkey made now can be a payment one: the browser offers the payment dialog (asked
 * with placeholders: it answers without looking for a passkey, so as not to tell a page which
 * passkeys it holds) and the device has its own authenticator, the only kind Chromium makes
 * payment passkeys on.
 */
export async function paymentPasskeysOffered(): Promise<boolean> {
  if (!(await platformAuthenticatorIsAvailable())) return false
  const placeholder = bufferToBase64URLString(new Uint8Array(16).buffer)
  return paymentDialogOffered({
    options: { challenge: placeholder },
    payment: {
      credentialIds: [placeholder],
      payeeName: '-',
      total: { currency: 'USD', value: '0.00' },
      instrument: {
        displayName: '-',
        icon: new URL(`${import.meta.env.BASE_URL}favicon.svg`, window.location.origin).href,
      },
    },
  })
}

/** The dialog, then the passkey's answer as the JSON text the server reads. */
export async function paymentConfirmation(approval: PaymentApproval): Promise<string> {
  const response = await paymentRequestOf(approval).show()
  // What was approved is for the server to decide: the dialog closes either way.
  await response.complete('unknown')
  const credential = response.details as PublicKeyCredential
  const assertion = credential.response as AuthenticatorAssertionResponse
  return JSON.stringify({
    id: credential.id,
    rawId: bufferToBase64URLString(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: bufferToBase64URLString(assertion.clientDataJSON),
      authenticatorData: bufferToBase64URLString(assertion.authenticatorData),
      signature: bufferToBase64URLString(assertion.signature),
      ...(assertion.userHandle
        ? { userHandle: bufferToBase64URLString(assertion.userHandle) }
        : {}),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    ...(credential.authenticatorAttachment
      ? { authenticatorAttachment: credential.authenticatorAttachment }
      : {}),
  })
}
