import { formatDateOf } from '#api/day-month-year'
import type { OutgoingMail } from './outbox'

/**
 * The e-mails the portal sends, as plain text and simple HTML. They carry no secret other than
 * the one code they exist for, and no text a customer typed (names included): a signup with
 * someone else's address must not be able to put the signer's words into that person's inbox.
 * See docs/decisions/006-signup-and-recovery.md.
 */
export const bankName = 'Meridian Bank'

export type Block = string | { code: string } | { link: string; label: string }

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

const signature = `${bankName} will never ask you for your passcode or PIN.`

export function compose(to: string, subject: string, blocks: Block[]): OutgoingMail {
  const all: Block[] = ['Hello,', ...blocks, `${bankName}\n${signature}`]
  const text = all
    .map((block) => {
      if (typeof block === 'string') return block
      if ('code' in block) return `    ${block.code}`
      return `${block.label}:\n${block.link}`
    })
    .join('\n\n')
  const html = all
    .map((block) => {
      if (typeof block === 'string') return `<p>${escapeHtml(block).replaceAll('\n', '<br>')}</p>`
      if ('code' in block)
        return `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(block.code)}</p>`
      return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`
    })
    .join('\n')
  return {
    to,
    subject: `${bankName}: ${subject}`,
    text: `${text}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">\n${html}\n</body></html>\n`,
  }
}

const notYou = 'If you did not ask for this, you can ignore this e-mail.'

export const verificationCodeMail = (to: string, code: string) =>
  compose(to, 'your verification code', [
    `Use this code to verify your e-mail address. It is valid for 10 minutes.`,
    { code },
    notYou,
  ])

export const signupWithRegisteredEmailMail = (to: string) =>
  compose(to, 'someone tried to open an account with your e-mail', [
    `Someone, perhaps you, tried to open a new ${bankName} account with this e-mail address. It already belongs to an account, so nothing was opened and nothing was changed.`,
    'If it was you: log in with your passcode, or choose "Forgot passcode" on the login page to set a new one.',
    'If it was not you, you can ignore this e-mail.',
  ])

export const passcodeResetMail = (to: string, code: string, link: string) =>
  compose(to, 'reset your passcode', [
    'Use this code to set a new passcode. It is valid for 10 minutes.',
    { code },
    { link, label: 'Or open this link to reset your passcode' },
    notYou,
  ])

export const passcodeChangedMail = (to: string) =>
  compose(to, 'your passcode was changed', [
    'Your passcode was just reset, and every device signed in to your account was signed out.',
    'If you did not do this, contact us at once.',
  ])

export const pinResetMail = (to: string, link: string) =>
  compose(to, 'reset your transaction PIN', [
    'Open this link to choose a new 4-digit transaction PIN. It is valid for 10 minutes.',
    { link, label: 'Reset your PIN' },
    notYou,
  ])

export const pinChangedMail = (to: string) =>
  compose(to, 'your transaction PIN was changed', [
    'Your transaction PIN was just reset.',
    'If you did not do this, contact us at once.',
  ])

export const pinCreatedMail = (to: string) =>
  compose(to, 'your transaction PIN was created', [
    'A transaction PIN was just created for your account. You will enter it to confirm transfers.',
    'If you did not do this, contact us at once.',
  ])

export const kycApprovedMail = (to: string) =>
  compose(to, 'your account is verified', [
    'Good news: we have checked your documents and your account is verified.',
    'Log in to start using your account.',
  ])

export const kycDeclinedMail = (to: string, reason: string | undefined) =>
  compose(to, 'please submit your documents again', [
    'We could not verify your account with the documents you sent.',
    ...(reason ? [`Reason: ${reason}`] : []),
    'Please log in and submit your details and documents again.',
  ])

/**
 * The step-up code names the amount and the payee it authorises (dynamic linking), so the
 * customer sees what they approve. The payee is text the customer typed, but this mail only
 * goes to the account's own verified address, after its own PIN.
 */
export const transferCodeMail = (
  to: string,
  code: string,
  transfer: { amount: string; payee: string },
) =>
  compose(to, 'your transfer authorization code', [
    `Use this code to authorise your transfer of ${transfer.amount} to ${transfer.payee}. It is valid for 10 minutes and only for this amount and payee.`,
    { code },
    'If you did not start this transfer, do not share the code, and contact us at once.',
  ])

export const passcodeChangedInSettingsMail = (to: string, othersSignedOut: boolean) =>
  compose(to, 'your passcode was changed', [
    othersSignedOut
      ? 'Your passcode was just changed in Settings, and every other device signed in to your account was signed out.'
      : 'Your passcode was just changed in Settings.',
    'If you did not do this, contact us at once.',
  ])

export const pinChangedInSettingsMail = (to: string) =>
  compose(to, 'your transaction PIN was changed', [
    'Your transaction PIN was just changed in Settings.',
    'If you did not do this, contact us at once.',
  ])

export const emailChangeCodeMail = (to: string, code: string) =>
  compose(to, 'confirm your new e-mail address', [
    'Use this code in Settings to confirm this address as the new e-mail of your account. It is valid for 10 minutes.',
    { code },
    'If you did not ask for this, you can ignore this e-mail: nothing changes without the code.',
  ])

/** "dana@meridian.example" as "d***@meridian.example": enough to recognise, not to harvest. */
export const maskedAddress = (address: string) => {
  const [local = '', domain = ''] = address.split('@')
  return `${local.slice(0, 1)}***@${domain}`
}

export const emailChangedMail = (to: string, newAddress: string) =>
  compose(to, 'your e-mail address was changed', [
    `The e-mail address of your account was just changed to ${maskedAddress(newAddress)}. We will write to that address from now on.`,
    'If you did not do this, contact us at once.',
  ])

/** A mail that is also the customer's notification: its title and its one sentence. */
export type ComposedMail = OutgoingMail & { title: string; summary: string }

/** A transfer as the customer follows it: what left the balance, what the payee received. */
export interface TransferStory {
  sent: string
  received: string
  payee: string
  /** Why the bank failed it, in the operator's words. */
  reason?: string
}

export function transferSettledMail(to: string, transfer: TransferStory): ComposedMail {
  const summary = `Your transfer of ${transfer.sent} to ${transfer.payee} is complete: the payee received ${transfer.received}.`
  return {
    ...compose(to, 'your transfer is complete', [summary]),
    title: 'Transfer completed',
    summary,
  }
}

export function transferFailedMail(to: string, transfer: TransferStory): ComposedMail {
  const reason = transfer.reason ? ` Reason: ${transfer.reason}` : ''
  const summary = `Your transfer of ${transfer.sent} to ${transfer.payee} could not be completed. Nothing left your account: the ${transfer.sent} held for it, service charge included, is available again.${reason}`
  return {
    ...compose(to, 'your transfer could not be completed', [
      summary,
      'Contact us if you have any question.',
    ]),
    title: 'Transfer failed',
    summary,
  }
}

/** A run of a scheduled transfer that could not be made (docs/decisions/088); the series goes on. */
export function scheduledRunFailedMail(
  to: string,
  run: { sent: string; payee: string; day: string; reason: string; next: string | null },
): ComposedMail {
  const next = run.next ? ` The next one is on ${run.next}.` : ' It was the last one.'
  const summary = `Your scheduled transfer of ${run.sent} to ${run.payee} for ${run.day} could not be made: ${run.reason} Nothing left your account.${next}`
  return {
    ...compose(to, 'a scheduled transfer could not be made', [
      summary,
      'You can see and change your scheduled transfers on the Send page.',
    ]),
    title: 'Scheduled transfer not made',
    summary,
  }
}

/** A sign-in's moment as the e-mails write it: "28/11/2026 at 10:05 UTC". */
const momentInUtc = (at: Date) =>
  `${formatDateOf(at, 'UTC')} at ${at.toISOString().slice(11, 16)} UTC`

/**
 * A sign-in from a device the customer had not used (docs/decisions/080): when, which browser
 * and system (bowser's names, not the User-Agent's text), the address (no database of places
 * is kept), and "This wasn't me", a link that ends every session and starts a passcode reset.
 */
export function newSignInMail(
  to: string,
  signIn: { at: Date; device: string; address: string | null; link: string },
): ComposedMail {
  const from = signIn.address ? ` from the address ${signIn.address}` : ''
  const summary = `Your account was signed in to on a new device, ${signIn.device}, on ${momentInUtc(signIn.at)}${from}.`
  return {
    ...compose(to, 'a new sign-in to your account', [
      summary,
      'If this was you, there is nothing to do.',
      { link: signIn.link, label: "This wasn't me: sign out every device and reset my passcode" },
      'The link works once, for 7 days. You can also see and sign out your devices in Settings.',
    ]),
    title: 'New sign-in',
    summary,
  }
}
