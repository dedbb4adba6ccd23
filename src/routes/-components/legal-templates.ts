/*
 * ============================================================================================
 *  TEMPLATE: NOT THE BANK'S LEGAL TEXT.
 *
 *  The Terms and Conditions and the Privacy Policy below are a skeleton for the bank's lawyers
 *  to complete before the portal goes live. Every [bracketed] part is theirs to fill in; every
 *  sentence is theirs to keep, change or drop. Nothing here was written or checked by a lawyer,
 *  and the pages say so on screen (`templateNotice`). Once the real texts replace these, delete
 *  `templateNotice` and this comment (test/ui/legal-pages.test.tsx then needs its template
 *  check removed).
 * ============================================================================================
 */

import { t } from '@lingui/core/macro'

/** A heading and its paragraphs. */
export interface LegalSection {
  heading: string
  paragraphs: readonly string[]
}

export interface LegalText {
  title: string
  /** One sentence under the title. */
  summary: string
  sections: readonly LegalSection[]
}

/** The line each page shows until the lawyers' text replaces the template. */
export const templateNotice = () =>
  t`Template: this page is a draft to be completed by the bank's lawyers. It is not yet the bank's agreement with you, and the parts in [brackets] are still to be filled in.`

export const termsTemplate = (bankName: string): LegalText => ({
  title: t`Terms and Conditions`,
  summary: t`The terms on which ${bankName} opens and runs your account and this online banking portal.`,
  sections: [
    {
      heading: t`1. Who we are`,
      paragraphs: [
        t`${bankName} is [the bank's legal name], registered in [country] under number [company number], with its registered office at [address]. We are authorised and regulated by [regulator] under reference [number].`,
      ],
    },
    {
      heading: t`2. Your account`,
      paragraphs: [
        t`You may open an account if you are at least 18 years old, live in [countries] and pass our identity checks (KYC). We may ask for further documents at any time, as the law requires.`,
        t`The account is for your personal use. [Eligibility, joint accounts and account types.]`,
      ],
    },
    {
      heading: t`3. Keeping your account safe`,
      paragraphs: [
        t`Keep your passcode, your transaction PIN and the codes we e-mail you secret. Tell us at once at [contact] if you think someone else knows them or has used your account.`,
        t`[What the customer is liable for before and after telling the bank.]`,
      ],
    },
    {
      heading: t`4. Payments and transfers`,
      paragraphs: [
        t`A transfer is made once you confirm it with your PIN (and, when we ask, a code we e-mail you). The service charge shown before you confirm is taken with the transfer.`,
        t`[Cut-off times, execution times, limits, refusals, and how to cancel or dispute a payment.]`,
      ],
    },
    {
      heading: t`5. Deposits, fixed deposits and upgrades`,
      paragraphs: [
        t`Deposits made by crypto are credited once we have confirmed the payment. A fixed deposit is held for its plan’s term and paid back with its interest at maturity.`,
        t`[Interest rates, early withdrawal, plan features and the risks of crypto payments.]`,
      ],
    },
    {
      heading: t`6. Fees and charges`,
      paragraphs: [
        t`[The fee schedule, or where to find it, and how changes to fees are notified.]`,
      ],
    },
    {
      heading: t`7. Closing your account`,
      paragraphs: [
        t`[How the customer and the bank may close the account or suspend it, and the notice each gives.]`,
      ],
    },
    {
      heading: t`8. Our liability`,
      paragraphs: [t`[What the bank is and is not responsible for, within the limits of the law.]`],
    },
    {
      heading: t`9. Complaints`,
      paragraphs: [
        t`Contact us through Help & Support or at [address]. [How complaints are handled, and the ombudsman or authority a customer may turn to.]`,
      ],
    },
    {
      heading: t`10. Changes to these terms`,
      paragraphs: [
        t`We will tell you [number] days before a change takes effect. [What the customer may do if they do not accept it.]`,
      ],
    },
    {
      heading: t`11. Law and courts`,
      paragraphs: [t`These terms are governed by the law of [jurisdiction]. [Courts.]`],
    },
  ],
})

export const privacyTemplate = (bankName: string): LegalText => ({
  title: t`Privacy Policy`,
  summary: t`How ${bankName} collects, uses and protects your personal data.`,
  sections: [
    {
      heading: t`1. Who is responsible for your data`,
      paragraphs: [
        t`${bankName} ([the bank's legal name], [address]) is the controller of your personal data. Our data protection officer can be reached at [e-mail].`,
      ],
    },
    {
      heading: t`2. What we collect`,
      paragraphs: [
        t`What you give us: your name, username, e-mail address, phone number, date of birth, country and home address, your next of kin, your picture and your identity documents.`,
        t`What we record when you bank with us: your transactions, requests and proofs of payment, the notifications we send you, and the times and network addresses of your sign-ins.`,
      ],
    },
    {
      heading: t`3. Why we use it`,
      paragraphs: [
        t`To open and run your account (our contract with you); to check your identity and prevent fraud and money laundering (our legal obligations); to keep the portal secure (our legitimate interest). [Any other purpose, with its legal basis.]`,
      ],
    },
    {
      heading: t`4. Who we share it with`,
      paragraphs: [
        t`[Payment networks, correspondent banks, identity-check providers, e-mail and hosting providers, authorities when the law requires it.] We do not sell your data.`,
      ],
    },
    {
      heading: t`5. Transfers abroad`,
      paragraphs: [t`[Where data is processed outside the country, and the safeguards used.]`],
    },
    {
      heading: t`6. How long we keep it`,
      paragraphs: [
        t`[Retention periods: for example, account and transaction records for the years the law requires after the account is closed.]`,
      ],
    },
    {
      heading: t`7. Your rights`,
      paragraphs: [
        t`You may ask for a copy of your data, have it corrected or, where the law allows, deleted or restricted, and object to its use. [How to exercise these rights, and the supervisory authority to complain to.]`,
      ],
    },
    {
      heading: t`8. Storage in your browser`,
      paragraphs: [
        t`The portal keeps your sign-in in your browser’s storage while you use it and removes it when you log out. It sets no advertising or tracking cookies. [Confirm before going live.]`,
      ],
    },
    {
      heading: t`9. Changes to this policy`,
      paragraphs: [t`[How changes are announced.]`],
    },
  ],
})
