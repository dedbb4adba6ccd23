import { bankName, compose } from './templates'

/**
 * The e-mails to the bank's staff. As the customers' (templates.ts), they carry no text anyone
 * typed, the name included: only the link they exist for.
 */
export const staffEnrolmentMail = (to: string, link: string) =>
  compose(to, 'your access to the staff console', [
    `You have been added to the staff of ${bankName}. Open this link within 24 hours to set your password and add a passkey (or an authenticator app) for the staff console. The link works once.`,
    { link, label: 'Set up your staff access' },
    'If you did not expect this, do not open the link, and tell the bank’s administrators.',
  ])
