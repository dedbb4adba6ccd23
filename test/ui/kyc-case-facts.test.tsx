import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaffCallResponse } from '#api/contract/staff'
import { toneSurface } from '#ui/tone.css'
import {
  ageOn,
  CustomerFacts,
  DocumentFacts,
  notGiven,
} from '../../src/console/routes/kyc/kyc-case-facts'

/**
 * The console's KYC case (docs/decisions/099): the date of birth with the age, and the
 * document's type, number, issuing country and expiry, "Expired" when it has passed on the day
 * of the review; a submission made before the form asked for them says so.
 */

afterEach(cleanup)

type KycCase = StaffCallResponse<'kyccase'>

const file = (id: number) => ({
  id,
  url: `/wp-admin/files/${id}`,
  content_type: 'image/png',
  size: 70,
})

const submitted: KycCase = {
  id: 7,
  status: 'pending',
  submitted_at: '2026-11-21T10:00:00.000Z',
  decided: null,
  customer: {
    customer_id: 3,
    email: 'noor@example.com',
    name: 'Noor Haddad',
    date_of_birth: '1988-04-12',
    country: 'Jordan',
    phone: '+962790000000',
    address: '5 Rainbow Street, Amman',
    verification_status: 'Pending Verification',
  },
  document_type: 'International Passport',
  document_number: 'JO12345678',
  document_country: 'JO',
  document_expiry: '2026-11-21',
  photo: file(1),
  front: file(2),
  back: file(3),
  earlier: [],
}

const older: KycCase = {
  ...submitted,
  customer: { ...submitted.customer, date_of_birth: null },
  document_number: null,
  document_country: null,
  document_expiry: null,
}

/** The value shown under a label of the fact list. */
const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

describe("the KYC case's facts for the reviewer", () => {
  it('shows the date of birth (dd/mm/yyyy) with the age on the day of review', () => {
    render(<CustomerFacts item={submitted} today="2026-11-21" />)
    expect(fact('Date of birth')).toBe('12/04/1988 (age 38)')
    expect(fact('Name')).toBe('Noor Haddad')
    expect(fact('Address')).toBe('5 Rainbow Street, Amman')
  })

  it("shows the document's type, number, issuing country by name and expiry, still valid on its day", () => {
    render(<DocumentFacts item={submitted} today="2026-11-21" />)
    expect(fact('Document type')).toBe('International Passport')
    expect(fact('Document number')).toBe('JO12345678')
    expect(fact('Issuing country')).toBe('Jordan (JO)')
    expect(fact('Expiry date')).toBe('21/11/2026 (valid today)')
    expect(screen.queryByText('Expired')).toBeNull()
  })

  it('flags a document that has expired by the day of review', () => {
    render(<DocumentFacts item={submitted} today="2026-11-22" />)
    expect(fact('Expiry date')).toBe('21/11/2026 Expired')
    // In the error tone, as the console marks what fails.
    expect(screen.getByText('Expired').classList.contains(toneSurface.error)).toBe(true)
  })

  it('says what a submission made before the form asked for them does not have', () => {
    render(
      <>
        <CustomerFacts item={older} today="2026-11-22" />
        <DocumentFacts item={older} today="2026-11-22" />
      </>,
    )
    for (const label of ['Date of birth', 'Document number', 'Issuing country', 'Expiry date'])
      expect(fact(label)).toBe(notGiven)
    expect(notGiven).toBe('Not given (submitted before this was asked)')
    expect(fact('Document type')).toBe('International Passport')
  })

  it('counts the age in completed years, a birthday counting from its day', () => {
    expect(ageOn('1988-04-12', '2026-04-11')).toBe(37)
    expect(ageOn('1988-04-12', '2026-04-12')).toBe(38)
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17)
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18)
  })
})
