import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StaffCallResponse } from '#api/contract/staff'
import * as styles from '../../src/console/routes/figures/figures.css'
import { figuresCsv, figuresCsvName } from '../../src/console/routes/figures/figures-csv'
import { FiguresView } from '../../src/console/routes/figures/figures-view'

/**
 * The console's daily figures (docs/decisions/076): the day's figures, the books with their
 * difference (in red and in words when it is not zero), the queues, the period as a table and as
 * CSV, and the form that chooses the day.
 */

afterEach(cleanup)

type Figures = StaffCallResponse<'figures'>

const tally = (count: number, sum: string) => ({ count, sum })
const quiet = (day: string) => ({
  day,
  deposits: tally(0, '0.00'),
  payments: tally(0, '0.00'),
  fixed_deposits: tally(0, '0.00'),
  transfers_settled: tally(0, '0.00'),
  transfers_failed: tally(0, '0.00'),
  fees: '0.00',
})

function figuresWith(difference: string): Figures {
  return {
    day: '2026-11-23',
    days: 7,
    as_of: '2026-11-23T10:00:00.000Z',
    currency: 'USD',
    series: [
      ...['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'].map(quiet),
      { ...quiet('2026-11-22'), deposits: tally(1, '10.00') },
      {
        day: '2026-11-23',
        deposits: tally(2, '373.45'),
        payments: tally(1, '50.00'),
        fixed_deposits: tally(1, '1000.00'),
        transfers_settled: tally(2, '150.00'),
        transfers_failed: tally(1, '30.00'),
        fees: '15.00',
      },
    ],
    queues: [
      { queue: 'deposit_requests', count: 1, oldest_at: '2026-11-23T08:00:00.000Z' },
      { queue: 'transfers_in_progress', count: 0, oldest_at: null },
    ],
    reconciliation: {
      checked_at: '2026-11-23T09:45:00.000Z',
      took_ms: 5210,
      // Past 2^53 minor units: shown exactly.
      customers: { accounts: 12, balance: '100000000000000373.45', held: '20.00' },
      fixed_deposits: { accounts: 1, balance: '1000.00' },
      bank_accounts: [
        { code: 'bank:fees', total: '15.00' },
        { code: 'bank:received', total: '-100000000000001423.45' },
        { code: 'bank:transfers-out', total: '135.00' },
      ],
      difference,
    },
  }
}

function show(figures: Figures) {
  const chosen = vi.fn()
  const downloaded = vi.fn()
  render(
    <FiguresView figures={figures} today="2026-11-23" onChoose={chosen} onDownload={downloaded} />,
  )
  return { chosen, downloaded }
}

const differenceRow = () => screen.getByRole('row', { name: /^Difference/ })

describe('the daily figures view', () => {
  it("shows the day's figures, each with its count", () => {
    show(figuresWith('0.00'))
    expect(screen.getByRole('heading', { level: 2, name: 'Figures of 23/11/2026 (UTC)' }))
    const day = screen.getByRole('region', { name: 'Figures of 23/11/2026 (UTC)' })
    const tile = (label: string) => within(day).getByText(label).parentElement?.textContent
    expect(tile('Deposits confirmed')).toBe('Deposits confirmed$373.452 deposits')
    expect(tile('Payments confirmed')).toBe('Payments confirmed$50.001 payment')
    expect(tile('Fixed deposits confirmed')).toBe(
      'Fixed deposits confirmed$1,000.001 fixed deposit',
    )
    expect(tile('Transfers settled')).toBe('Transfers settled$150.002 transfers')
    expect(tile('Transfers failed')).toBe('Transfers failed$30.001 transfer')
    expect(tile('Fees earned')).toBe('Fees earned$15.00service charges on the transfers settled')
  })

  it('says the books balance when every account sums to zero, exactly however large', () => {
    show(figuresWith('0.00'))
    const books = screen.getByRole('table', { name: 'Balances of every account' })
    expect(within(books).getByRole('row', { name: /Customer balances/ }).textContent).toBe(
      'Customer balances (12 accounts)of which $20.00 held for transfers in progress$100,000,000,000,000,373.45',
    )
    expect(within(books).getByRole('row', { name: /bank:received/ }).textContent).toBe(
      'Received from outside (bank:received)-$100,000,000,000,001,423.45',
    )
    expect(differenceRow().textContent).toBe('Difference$0.00')
    expect(differenceRow().className).not.toContain(styles.outOfBalance)
    expect(screen.getByText('The books balance: every account together sums to $0.00.'))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says when the books were last checked, and that they were not yet before the first check', () => {
    show(figuresWith('0.00'))
    expect(screen.getByText(/^Last checked 23\/11\/2026, .*took 5210 ms/)).toBeTruthy()
    cleanup()
    show({ ...figuresWith('0.00'), reconciliation: null })
    expect(screen.queryByRole('table', { name: 'Balances of every account' })).toBeNull()
    expect(screen.getByText(/^The books have not been reconciled yet\./)).toBeTruthy()
  })

  it('shows a difference other than zero in red, and says so in words', () => {
    show(figuresWith('0.01'))
    expect(differenceRow().textContent).toBe('Difference: out of balance$0.01')
    expect(differenceRow().className).toContain(styles.outOfBalance)
    expect(screen.getByRole('alert').textContent).toBe(
      "The books do not balance: every account together sums to $0.01, not $0.00. Something was written to the books outside the ledger's postings (an entry or a balance); find it before the day is closed.",
    )
    expect(screen.queryByText(/The books balance/)).toBeNull()
  })

  it('lists the open queues by name', () => {
    show(figuresWith('0.00'))
    const queues = screen.getByRole('table', { name: 'Open queues' })
    expect(within(queues).getByRole('row', { name: /Deposits/ }).textContent).toBe(
      'Deposits12 h 0 min',
    )
    expect(within(queues).getByRole('row', { name: /Transfers in progress/ }).textContent).toBe(
      'Transfers in progress0—',
    )
  })

  it('has the period as a table, newest first, and as CSV', () => {
    const { downloaded } = show(figuresWith('0.00'))
    const table = screen.getByRole('table', {
      name: 'Figures per day, the 7 days to 23/11/2026: deposits, payments and fixed deposits confirmed, transfers settled and failed, and the fees earned',
    })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day (UTC)', 'Deposits', 'Payments', 'Fixed deposits', 'Settled', 'Failed', 'Fees'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(7)
    expect(rows[0]?.textContent).toBe(
      '23/11/2026$373.452 deposits$50.001 payment$1,000.001 deposit$150.002 transfers$30.001 transfer$15.00',
    )
    expect(rows[1]?.textContent).toMatch(/^22\/11\/2026\$10\.001 deposit/)
    // The chart cannot draw here (no canvas): it says where the figures are.
    expect(
      screen.getByText('This browser does not draw charts: the table below has the same figures.'),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(downloaded).toHaveBeenCalledOnce()

    const csv = figuresCsv(figuresWith('0.00')).split('\r\n')
    expect(csv[0]).toBe(
      '\uFEFFday,deposits_confirmed,deposits_sum,payments_confirmed,payments_sum,fixed_deposits_confirmed,fixed_deposits_sum,transfers_settled,transfers_settled_sum,transfers_failed,transfers_failed_sum,fees,currency',
    )
    expect(csv[1]).toBe('2026-11-17,0,0.00,0,0.00,0,0.00,0,0.00,0,0.00,0.00,USD')
    expect(csv[7]).toBe('2026-11-23,2,373.45,1,50.00,1,1000.00,2,150.00,1,30.00,15.00,USD')
    expect(csv).toHaveLength(9)
    expect(figuresCsvName(figuresWith('0.00'))).toBe('figures-2026-11-17-to-2026-11-23.csv')
  })

  it('chooses another day and period, and refuses a day not yet come or not a date', () => {
    const { chosen } = show(figuresWith('0.00'))
    const day = screen.getByLabelText('Day (UTC)')
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    fireEvent.change(day, { target: { value: '24/11/2026' } })
    send()
    expect(screen.getByText('Choose a day up to today (UTC).'))
    fireEvent.change(day, { target: { value: '31/11/2026' } })
    send()
    expect(screen.getByText('Type the day as dd/mm/yyyy.'))
    expect(chosen).not.toHaveBeenCalled()
    fireEvent.change(day, { target: { value: '01/11/2026' } })
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } })
    send()
    expect(chosen).toHaveBeenCalledWith({ day: '2026-11-01', days: 90 })
  })
})
