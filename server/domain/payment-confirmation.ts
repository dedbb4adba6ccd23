import { isoBase64URL } from '@simplewebauthn/server/helpers'
import * as v from 'valibot'
import { toDecimalString } from '#api/money'
import type { RelyingParty } from '../auth/passkeys'
import { bankName } from '../mail/templates'
import type { ApprovedTransfer } from './transfer-authorization'

/**
 * Secure Payment Confirmation (docs/decisions/082): where the browser offers it, a transfer's
 * passkey approval happens in the browser's own dialog, which shows the amount and the payee
 * the bank gives it and puts them, signed, in the assertion's client data (`payment.get`). The
 * server gives the browser exactly `paymentShownFor` the transfer, and accepts an approval only
 * when the signed client data shows the same.
 */
export interface PaymentShown {
  /** The payee as the dialog names them: the holder and the end of the account number. */
  payeeName: string
  total: { currency: string; value: string }
  /** The customer's account the money leaves: the bank's name, its icon. */
  instrument: { displayName: string; icon: string }
}

/** The portal's icon, which the browser fetches to show beside the account (public/). */
export const instrumentIconPath = '/wp-user/favicon.svg'

const lastDigits = (accountNumber: string) =>
  accountNumber
    .replace(/[^0-9A-Za-z]/g, '')
    .slice(-4)
    .toUpperCase()

export function paymentShownFor(
  approved: ApprovedTransfer,
  account: { accountNo: string | null },
  publicUrl: string,
): PaymentShown {
  const own = account.accountNo ? ` ending ${lastDigits(account.accountNo)}` : ''
  return {
    payeeName: `${approved.actHoldName} (account ending ${lastDigits(approved.actNo)})`,
    total: { currency: approved.currency, value: toDecimalString(approved.amount) },
    instrument: {
      displayName: `${bankName} account${own}`,
      icon: `${new URL(publicUrl).origin}${instrumentIconPath}`,
    },
  }
}

/** The part of a `payment.get` client data the browser fills in from what it showed. */
const shownPayment = v.object({
  type: v.literal('payment.get'),
  payment: v.object({
    rpId: v.string(),
    topOrigin: v.string(),
    payeeName: v.optional(v.string()),
    payeeOrigin: v.optional(v.string()),
    total: v.object({ currency: v.string(), value: v.string() }),
    instrument: v.object({ displayName: v.string(), icon: v.string() }),
  }),
})

/**
 * Whether a `payment.get` answer's client data shows `expected` on this site's own page (not in
 * another site's frame): the same amount, currency, payee and account. Read after the signature
 * verified, so the browser, not the page's script, wrote it.
 */
export function showsPayment(
  clientDataJSON: string,
  expected: PaymentShown,
  rp: RelyingParty,
): boolean {
  let clientData: unknown
  try {
    clientData = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON))
  } catch {
    return false
  }
  const parsed = v.safeParse(shownPayment, clientData)
  if (!parsed.success) return false
  const { payment } = parsed.output
  return (
    payment.rpId === rp.id &&
    payment.topOrigin === rp.origin &&
    payment.payeeOrigin === undefined &&
    payment.payeeName === expected.payeeName &&
    payment.total.currency === expected.total.currency &&
    payment.total.value === expected.total.value &&
    payment.instrument.displayName === expected.instrument.displayName
  )
}
