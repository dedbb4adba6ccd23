import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaffCallResponse } from '#api/contract/staff'
import { formatDayMonthYearTime } from '#api/day-month-year'
import { whatOf } from '../../src/console/routes/approvals/approval-words'
import { DecidedBy } from '../../src/console/ui/decided-by'

afterEach(cleanup)

/**
 * The four-eyes record, the same on every console page (issue 32): who decided and when, and, when
 * a second person approved the decision, who proposed it and when; and the approvals' "What".
 */

const proposedAt = '2026-11-21T10:00:00.000Z'
const decidedAt = '2026-11-21T10:05:00.000Z'
const checker = { staff_id: 7, name: 'Dev Shah', at: decidedAt }
const maker = { staff_id: 6, name: 'Cara Diaz', at: proposedAt }

const textOf = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ')

describe('DecidedBy', () => {
  it('names the maker and the checker, each with their time', () => {
    const { container } = render(
      <DecidedBy verb="Confirmed" decided={{ ...checker, proposed: maker }} />,
    )
    expect(textOf(container)).toBe(
      `Proposed by Cara Diaz, ${formatDayMonthYearTime(proposedAt)}; confirmed by Dev Shah, ${formatDayMonthYearTime(decidedAt)}`,
    )
    const times = [...container.querySelectorAll('time')].map((time) => time.dateTime)
    expect(times).toEqual([proposedAt, decidedAt])
  })

  it('names the one person who decided alone', () => {
    const { container } = render(
      <DecidedBy verb="Settled" decided={{ ...checker, proposed: null }} />,
    )
    expect(textOf(container)).toBe(`Settled by Dev Shah, ${formatDayMonthYearTime(decidedAt)}`)
  })

  it('is a dash while the item waits', () => {
    const { container } = render(<DecidedBy verb="Confirmed" decided={null} />)
    expect(container.textContent).toBe('—')
  })
})

type Approval = StaffCallResponse<'approvallist'>['approvals'][number]

const approval = (fields: Partial<Approval> & Pick<Approval, 'action' | 'item_kind'>) =>
  ({
    id: 3,
    item_id: 12,
    shown: {
      customer_id: 1,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      kind: 'deposit',
      amount: 1_234_511,
      currency: 'USD',
      detail: null,
      status: 'pending',
      submitted_at: proposedAt,
    },
    ...fields,
  }) as Approval

describe('the approvals’ What', () => {
  it('says what is decided, on which item, for how much', () => {
    expect(whatOf(approval({ action: 'requests confirm', item_kind: 'funding_request' }))).toBe(
      'Confirm deposit #12 of $12,345.11',
    )
    expect(whatOf(approval({ action: 'transfers settle', item_kind: 'transfer' }))).toBe(
      'Settle transfer #12 of $12,345.11',
    )
  })
})
