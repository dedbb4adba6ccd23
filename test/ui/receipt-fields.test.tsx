import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Transaction } from '#routes/dashboard/-shared/transaction-list'
import {
  failedTransferNote,
  receiptFields,
  receiptTitle,
} from '#routes/dashboard/receipt/-components/receipt-fields'

afterEach(cleanup)

const credit: Transaction = {
  name: 'Salary March',
  date: '2025-03-07T10:05:00.000Z',
  amount: '2500.00',
  charge: null,
  direction: 'credit',
  status: 'successful',
  receiptId: 'rcpt-credit',
  bank: null,
  accountHolderName: null,
  accountNumber: null,
  country: null,
  type: 'Deposit',
  status2: null,
}

const debit: Transaction = {
  ...credit,
  name: 'Transfer to Lee',
  direction: 'debit',
  status: 'in_progress',
  receiptId: 'rcpt-debit',
  bank: 'First Bank',
  accountHolderName: 'Lee Landlord',
  accountNumber: '0123456789',
  country: null,
  type: 'Bank Transfer',
}

/** The fields as label: text, as a customer reads them. */
function shown(transaction: Transaction) {
  render(
    <dl>
      {receiptFields(transaction, '$').map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={label}>{value}</dd>
        </div>
      ))}
    </dl>,
  )
  return Object.fromEntries(
    receiptFields(transaction, '$').map(({ label }) => [
      label,
      screen.getByTestId(label).textContent,
    ]),
  )
}

describe('receipt fields', () => {
  it("a credit's Payment receipt: the spec's six fields in its order", () => {
    expect(receiptTitle(credit)).toBe('Payment receipt')
    const fields = shown(credit)
    expect(Object.keys(fields)).toEqual([
      'Ref number',
      'Payment status',
      'Invoice brief',
      'Transaction type',
      'Date and time',
      'Amount',
    ])
    expect(fields['Ref number']).toBe('rcpt-credit')
    expect(fields['Payment status']).toBe('successful')
    expect(fields['Invoice brief']).toBe('Salary March')
    expect(fields['Transaction type']).toBe('Credit')
    expect(fields['Date and time']).toMatch(/^07\/03\/2025, \d{1,2}:\d{2}( [AP]M)?$/)
    expect(fields.Amount).toBe('$2,500.00')
  })

  it("a debit's Transfer receipt: minus sign, status with spaces, missing amount 0.00", () => {
    expect(receiptTitle(debit)).toBe('Transfer receipt')
    const fields = shown({ ...debit, amount: '' })
    expect(Object.keys(fields)).toEqual([
      'Bank name',
      'Name',
      'Account number',
      'Country',
      'Transaction type',
      'Date and time',
      'Transaction ID',
      'Amount',
      'Status',
    ])
    expect(fields['Bank name']).toBe('First Bank')
    expect(fields.Name).toBe('Lee Landlord')
    expect(fields['Account number']).toBe('0123456789')
    expect(fields['Transaction type']).toBe('Bank Transfer')
    expect(fields['Transaction ID']).toBe('rcpt-debit')
    expect(fields.Amount).toBe('-$0.00')
    expect(fields.Status).toBe('in progress')
  })

  it("a transfer's receipt tells what was sent, its service charge and what the payee receives", () => {
    const fields = shown({ ...debit, amount: '1500.00', charge: '150.00' })
    expect(Object.keys(fields)).toContain('Amount sent')
    expect(fields['Amount sent']).toBe('-$1,500.00')
    expect(fields['Service charge']).toBe('$150.00')
    expect(fields['Payee receives']).toBe('$1,350.00')
    expect(Object.keys(fields).at(-1)).toBe('Status')
  })

  it('a debit without a recorded account holder names the transaction', () => {
    expect(shown({ ...debit, accountHolderName: null }).Name).toBe('Transfer to Lee')
  })

  it("a failed transfer's receipt says nothing left the account: it was only held", () => {
    const fields = shown({ ...debit, amount: '132.50', charge: '13.25', status: 'failed' })
    expect(fields.Status).toBe('failed')
    expect(fields['Your balance']).toBe(failedTransferNote())
    expect(failedTransferNote()).toBe(
      'Nothing left your account: the amount held for this transfer is available again.',
    )
  })

  it("a correction by the bank has its own receipt, signed, neither a payment's nor a transfer's", () => {
    const correction: Transaction = {
      ...credit,
      name: 'Correction: Service charge taken twice',
      direction: 'debit',
      receiptId: 'rcpt-correction',
      type: 'Correction',
    }
    expect(receiptTitle(correction)).toBe('Correction receipt')
    expect(shown(correction)).toEqual({
      'Ref number': 'rcpt-correction',
      Status: 'successful',
      Description: 'Correction: Service charge taken twice',
      'Transaction type': 'Correction (debit)',
      'Date and time': expect.stringMatching(/^07\/03\/2025, /),
      Amount: '-$2,500.00',
    })
    cleanup()
    expect(shown({ ...correction, direction: 'credit' })).toMatchObject({
      'Transaction type': 'Correction (credit)',
      Amount: '+$2,500.00',
    })
  })
})
