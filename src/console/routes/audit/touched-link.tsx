import type { ReactNode } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import { type Allowed, holdsAnyOf, type Me } from '../../api/me'
import { ConsoleLink } from '../../navigation'
import { EmailAddress } from '../../ui/email-address'
import * as styles from './audit.css'

type Entry = StaffCallResponse<'auditlist'>['entries'][number]

/**
 * Who may open each page an entry links to: the same roles as those pages' routes allow
 * (customers/$id, kyc/$id, requests/$id, approvals, staff, mail). A person who may not open it
 * sees the words without a link.
 */
const readers = {
  customer: ['support', 'auditor'],
  kyc: ['kyc', 'auditor'],
  requests: ['payments', 'auditor'],
  approvals: ['payments', 'auditor'],
  staff: ['admin', 'auditor'],
  mail: ['support', 'auditor'],
} as const satisfies Record<string, Allowed>

/** The customer an entry concerns, linked to their page. */
export function CustomerLink({ entry, me }: { entry: Entry; me: Me }) {
  const { customer } = entry
  if (!customer) return <>—</>
  const words = (
    <>
      {customer.name}
      <EmailAddress className={styles.secondLine} address={customer.email} />
    </>
  )
  return holdsAnyOf(me, readers.customer) ? (
    <ConsoleLink to="/customers/$id" params={{ id: String(customer.id) }}>
      {words}
    </ConsoleLink>
  ) : (
    words
  )
}

/**
 * What an entry touched, linked to the console's page for it where there is one (a no-break
 * space keeps "Request 12" on one line).
 */
export function TouchedLink({
  entry,
  me,
  staffNames,
}: {
  entry: Entry
  me: Me
  staffNames: ReadonlyMap<number, string>
}) {
  const { subject, customer } = entry
  if (!subject) return <>—</>
  const id = String(subject.id)
  const linked = (allowed: Allowed, link: ReactNode, words: string) =>
    holdsAnyOf(me, allowed) ? link : words
  const onCustomerPage = (words: string) =>
    customer
      ? linked(
          readers.customer,
          <ConsoleLink to="/customers/$id" params={{ id: String(customer.id) }}>
            {words}
          </ConsoleLink>,
          words,
        )
      : words
  switch (subject.kind) {
    case 'customer':
      return <>{onCustomerPage('Customer’s page')}</>
    case 'kyc_submission':
      return linked(
        readers.kyc,
        <ConsoleLink to="/kyc/$id" params={{ id }}>{`KYC case\u00a0${id}`}</ConsoleLink>,
        `KYC case\u00a0${id}`,
      )
    case 'kyc_request':
      return linked(
        readers.kyc,
        <ConsoleLink to="/kyc/requests">{`KYC request\u00a0${id}`}</ConsoleLink>,
        `KYC request\u00a0${id}`,
      )
    case 'funding_request':
      return linked(
        readers.requests,
        <ConsoleLink to="/requests/$id" params={{ id }}>{`Request\u00a0${id}`}</ConsoleLink>,
        `Request\u00a0${id}`,
      )
    case 'approval':
      return linked(
        readers.approvals,
        <ConsoleLink to="/approvals">{`Approval\u00a0${id}`}</ConsoleLink>,
        `Approval\u00a0${id}`,
      )
    case 'staff': {
      const words = `${staffNames.get(subject.id) ?? `Member of staff\u00a0${id}`} (staff)`
      return linked(readers.staff, <ConsoleLink to="/staff">{words}</ConsoleLink>, words)
    }
    case 'mail':
      return linked(
        readers.mail,
        <ConsoleLink to="/mail">{`E-mail\u00a0${id}`}</ConsoleLink>,
        `E-mail\u00a0${id}`,
      )
    case 'transfer':
      return <>{onCustomerPage(`Transfer\u00a0${id}`)}</>
    case 'file':
      return <>{onCustomerPage(`File\u00a0${id}`)}</>
  }
}
