import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { argumentFacts, prettyJson } from '../../src/console/routes/audit/audit-arguments'
import { AuditDetails } from '../../src/console/routes/audit/audit-details'
import { originWords } from '../../src/console/routes/settings/version-words'
import { refusalWords } from '../../src/console/section'
import { DataTable } from '../../src/console/ui/data-table'
import { EmailAddress } from '../../src/console/ui/email-address'
import { Pager } from '../../src/console/ui/pager'

/** The console's words and layout as staff met them (issue 32, item 8). */

afterEach(cleanup)

describe('the pager', () => {
  it('is not there when the list fits one page, empty or not', () => {
    const { container, rerender } = render(
      <Pager facts={{ page: 1, page_size: 50, total: 4 }} onPage={() => {}} />,
    )
    expect(container.innerHTML).toBe('')
    rerender(<Pager facts={{ page: 1, page_size: 50, total: 0 }} onPage={() => {}} />)
    expect(container.innerHTML).toBe('')
  })

  it('says where the list stands and leads to the pages beside it', () => {
    const pages: number[] = []
    render(<Pager facts={{ page: 2, page_size: 50, total: 120 }} onPage={(at) => pages.push(at)} />)
    const pager = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pager).getByText('Rows 51–100 of 120 (page 2 of 3)')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(pages).toEqual([1, 3])
  })

  it('past the last page (the list shrank), offers the way back to it', () => {
    const pages: number[] = []
    render(<Pager facts={{ page: 4, page_size: 50, total: 30 }} onPage={(at) => pages.push(at)} />)
    expect(screen.getByText('No rows on page 4: the list has one page')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(pages).toEqual([1])
  })
})

describe('a console list', () => {
  const columns = [
    { id: 'name', header: 'Name', accessorFn: (row: { name: string }) => row.name },
    { id: 'actions', header: '', enableSorting: false, cell: () => 'buttons' },
  ]

  it('without rows says its empty text in a paragraph, which wraps, not in a wide table', () => {
    render(<DataTable caption="People" columns={columns} rows={[]} emptyText="No records yet." />)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('No records yet.').tagName).toBe('P')
  })

  it("labels each cell with its column's name, for the cards of a narrow frame", () => {
    render(
      <DataTable caption="People" columns={columns} rows={[{ name: 'Ana' }]} emptyText="None." />,
    )
    const cells = within(screen.getByRole('table', { name: 'People' })).getAllByRole('cell')
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', null])
  })
})

describe('an e-mail address', () => {
  it('may break after "@", before a dot and after a hyphen, and reads as one address', () => {
    const { container } = render(<EmailAddress address="ada.long-name@staff.test" />)
    const span = container.firstElementChild as HTMLElement
    expect(span.textContent).toBe('ada.long-name@staff.test')
    expect(span.innerHTML.split('<wbr>')).toEqual(['ada', '.long-', 'name@', 'staff', '.test'])
  })
})

describe("an audit entry's details", () => {
  it('are label and value pairs, nested ones named by their path, lists on one line', () => {
    expect(
      argumentFacts(
        JSON.stringify({
          staff_id: 4,
          roles: ['kyc', 'support'],
          fields: { amountReceived: '12.00', note: null },
        }),
      ),
    ).toEqual([
      ['Staff id', '4'],
      ['Roles', 'kyc, support'],
      ['Fields › Amount received', '12.00'],
      ['Fields › Note', '—'],
    ])
    expect(argumentFacts('["demo@meridian.example","Account on hold"]')).toEqual([
      ['Argument 1', 'demo@meridian.example'],
      ['Argument 2', 'Account on hold'],
    ])
    expect(argumentFacts('{}')).toEqual([])
    expect(argumentFacts('not json')).toBeNull()
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}')
  })

  it('show the whole text and every pair, and the JSON as recorded on demand', () => {
    const detail = 'new.starter@staff.test is added; the enrolment link is on its way.'
    render(
      <AuditDetails
        detail={detail}
        args={JSON.stringify({ email: 'new.starter@staff.test', roles: ['payments'] })}
      />,
    )
    expect(screen.getByText(detail)).toBeTruthy()
    expect(screen.getByText('Email:').nextElementSibling?.textContent).toBe(
      'new.starter@staff.test',
    )
    expect(screen.getByText('Roles:').nextElementSibling?.textContent).toBe('payments')
    const json = screen.getByText('As recorded (JSON)').closest('details') as HTMLElement
    expect(json.querySelector('pre')?.textContent).toContain('"roles": [\n    "payments"\n  ]')
  })

  it('without arguments are the text alone', () => {
    const { container } = render(<AuditDetails detail="Signed in." args="{}" />)
    expect(container.textContent).toBe('Signed in.')
  })
})

describe('words for staff', () => {
  it('a page refused for want of a role names the roles it needs and those held', () => {
    expect(refusalWords({ page: 'Requests', needs: ['payments', 'auditor'] }, ['support'])).toBe(
      'The Requests page needs the Payments or Auditor role; you hold Support.',
    )
    expect(refusalWords({ page: 'Staff', needs: ['admin'] }, ['support', 'kyc', 'payments'])).toBe(
      'The Staff page needs the Admin role; you hold Support, KYC and Payments.',
    )
    expect(refusalWords({ page: 'Mail', needs: ['support', 'auditor'] }, [])).toBe(
      'The Mail page needs the Support or Auditor role; you hold no role.',
    )
  })

  it("a settings version says who made it, never the database's words", () => {
    const row = { source: 'proposal' as const, proposed_by: null, approved_by: null }
    expect(originWords({ ...row, version: 1, source: 'tables' })).toBe(
      'The settings the portal started with, recorded automatically: nobody proposed them.',
    )
    expect(originWords({ ...row, version: 3, source: 'tables' })).toMatch(
      /^A change made outside the console/,
    )
    expect(
      originWords({
        ...row,
        version: 2,
        proposed_by: { name: 'Gia Moss' },
        approved_by: { name: 'Hal Ortiz' },
      }),
    ).toBe('Proposed by Gia Moss, approved by Hal Ortiz.')
  })
})
