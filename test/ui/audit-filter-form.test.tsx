import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AuditFilterForm } from '../../src/console/routes/audit/audit-filter-form'
import { exportAddress } from '../../src/console/routes/audit/audit-search'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

const choices = {
  people: [{ staff_id: 7, name: 'Cara Diaz', email: 'cara@bank.example' }],
  commands: ['kyc approve', 'requests confirm'],
}

type Applied = Parameters<Parameters<typeof AuditFilterForm>[0]['onApply']>[0]

async function showForm(applied: Applied = {}) {
  const filters: Applied[] = []
  await renderInRouter(() => (
    <AuditFilterForm applied={applied} choices={choices} onApply={(f) => filters.push(f)} />
  ))
  return filters
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('the audit log’s filter', () => {
  it('applies a person, an action, a customer and days typed as dd/mm/yyyy', async () => {
    const filters = await showForm()
    type('Person', '7')
    type('Action', 'requests confirm')
    type('Customer', '  dana@example.com ')
    type('From', '01/11/2026')
    type('To', '30/11/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(filters).toEqual([
      {
        person: 7,
        command: 'requests confirm',
        customer: 'dana@example.com',
        from: '2026-11-01',
        to: '2026-11-30',
      },
    ])
  })

  it('names the terminal, and leaves out what is left empty', async () => {
    const filters = await showForm()
    type('Person', 'terminal')
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(filters).toEqual([
      {
        person: 'terminal',
        command: undefined,
        customer: undefined,
        from: undefined,
        to: undefined,
      },
    ])
  })

  it('refuses a day it cannot read, and a last day before the first, applying nothing', async () => {
    const filters = await showForm()
    type('From', '2026-11-01')
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Type the day as dd/mm/yyyy.')).toBeTruthy()
    type('From', '02/11/2026')
    type('To', '01/11/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByText('The last day must not be before the first.')).toBeTruthy()
    expect(filters).toEqual([])
  })

  it('shows the filter that applies', async () => {
    await showForm({ person: 7, command: 'kyc approve', customer: '4420001', from: '2026-11-01' })
    expect((screen.getByLabelText('Person') as HTMLSelectElement).value).toBe('7')
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('kyc approve')
    expect((screen.getByLabelText('Customer') as HTMLInputElement).value).toBe('4420001')
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('01/11/2026')
  })
})

describe('the audit log’s CSV address', () => {
  it('carries the filter that applies, and nothing of the page', () => {
    expect(exportAddress({ page: 3, after: 'WyIyMDI2IiwxXQ' })).toBe('/wp-admin/exports/audit.csv')
    expect(
      exportAddress({ person: 'terminal', customer: 'a+b@example.com', to: '2026-11-30', page: 2 }),
    ).toBe('/wp-admin/exports/audit.csv?person=terminal&customer=a%2Bb%40example.com&to=2026-11-30')
  })
})
