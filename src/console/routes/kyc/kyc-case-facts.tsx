import type { StaffCallResponse } from '#api/contract/staff'
import { countryNameIn } from '#api/countries'
import { formatDayMonthYear } from '#api/day-month-year'
import { toneSurface } from '#ui/tone.css'
import { FactList } from '../../ui/fact-list'
import * as styles from './kyc-case.css'

/**
 * What a reviewer checks the document against (docs/decisions/099): the date of birth with the
 * age, and the document's type, number, issuing country and expiry, flagged when it has passed
 * on the day of the review. A submission made before the form asked for them says so.
 */

type KycCase = StaffCallResponse<'kyccase'>

export const notGiven = 'Not given (submitted before this was asked)'

/** Today as YYYY-MM-DD in UTC: the day the server checked the submission on. */
export const reviewDay = () => new Date().toISOString().slice(0, 10)

/** Completed years between `dob` and `today` (both YYYY-MM-DD). */
export function ageOn(dob: string, today: string): number {
  const [year = 0, month = 0, day = 0] = dob.split('-').map(Number)
  const [nowYear = 0, nowMonth = 0, nowDay = 0] = today.split('-').map(Number)
  const birthdayPassed = nowMonth > month || (nowMonth === month && nowDay >= day)
  return nowYear - year - (birthdayPassed ? 0 : 1)
}

function NotGiven() {
  return <span className={styles.missing}>{notGiven}</span>
}

function BirthDate({ dob, today }: { dob: string | null; today: string }) {
  if (!dob) return <NotGiven />
  return (
    <>
      {formatDayMonthYear(dob)} <span className={styles.aside}>(age {ageOn(dob, today)})</span>
    </>
  )
}

function Expiry({ expiry, today }: { expiry: string | null; today: string }) {
  if (!expiry) return <NotGiven />
  // Valid through its expiry day, as the server judged it at submission.
  const expired = expiry < today
  return (
    <>
      {formatDayMonthYear(expiry)}{' '}
      {expired ? (
        <span className={`${styles.flag} ${toneSurface.error}`}>Expired</span>
      ) : (
        <span className={styles.aside}>(valid today)</span>
      )}
    </>
  )
}

function DocumentNumber({ number }: { number: string | null }) {
  return number ? <span className={styles.number}>{number}</span> : <NotGiven />
}

function IssuingCountry({ code }: { code: string | null }) {
  return code ? `${countryNameIn('en', code)} (${code})` : <NotGiven />
}

/** The customer's details as given with the submission. */
export function CustomerFacts({ item, today }: { item: KycCase; today: string }) {
  const { customer } = item
  return (
    <FactList
      facts={[
        ['Name', customer.name],
        ['E-mail', customer.email],
        ['Date of birth', <BirthDate key="dob" dob={customer.date_of_birth} today={today} />],
        ['Country', customer.country],
        ['Phone', customer.phone],
        ['Address', customer.address],
        ['Verification', customer.verification_status],
      ]}
    />
  )
}

/** The identity document's details, shown with its scans. */
export function DocumentFacts({ item, today }: { item: KycCase; today: string }) {
  return (
    <FactList
      facts={[
        ['Document type', item.document_type],
        ['Document number', <DocumentNumber key="number" number={item.document_number} />],
        ['Issuing country', <IssuingCountry key="country" code={item.document_country} />],
        ['Expiry date', <Expiry key="expiry" expiry={item.document_expiry} today={today} />],
      ]}
    />
  )
}
