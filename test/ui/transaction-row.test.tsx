import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Transaction } from '#routes/dashboard/-shared/transaction-list'
import { TransactionRow } from '#routes/dashboard/-shared/transaction-list'
import * as styles from '#routes/dashboard/-shared/transaction-list.css'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

const transfer: Transaction = {
  name: 'Transfer to ACME Supplies Ltd',
  date: '2026-11-23T10:05:00.000Z',
  amount: '132.50',
  charge: '13.25',
  direction: 'debit',
  status: 'in_progress',
  receiptId: 'rcpt-acme',
  bank: 'Northwind Savings',
  accountHolderName: 'ACME Supplies Ltd',
  accountNumber: '55500012',
  country: null,
  type: 'Bank Transfer',
  status2: null,
}

describe('a transaction row', () => {
  it('signs a transfer in progress as money out', async () => {
    await renderInRouter(() => <TransactionRow transaction={transfer} currency="$" />)
    const row = await screen.findByRole('link')
    expect(row.textContent).toContain('-$132.50')
  })

  it('strikes a failed transfer through, unsigned, and says it was not taken', async () => {
    await renderInRouter(() => (
      <TransactionRow transaction={{ ...transfer, status: 'failed' }} currency="$" />
    ))
    const row = await screen.findByRole('link')
    expect(row.textContent).not.toContain('-$132.50')
    expect(row.textContent).toContain('$132.50 not taken from your account')
    // Struck through by its style (happy-dom applies no CSS; Chromium's journey shows it).
    expect(screen.getByText('$132.50').className).toBe(styles.amount.notTaken)
  })
})
