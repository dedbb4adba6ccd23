import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { outcomes } from '#dev/outcomes/statements.outcomes'
import type { DownloadRequest } from '#machines/file-download.machine'
import { fileDownloadMachine } from '#machines/file-download.machine'
import { noFilter, type StatementPage, statementsMachine } from '#machines/statements.machine'
import { StatementsView } from '#routes/dashboard/statements/-components/statements-view'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

const [morePage, lastPage, emptyPage, refusal] = outcomes.statementPage

/** The view over machines whose calls answer from `answers`, in order, recording what is sent. */
async function showStatements(answers: unknown[], filter = noFilter) {
  const sent: unknown[] = []
  const downloadsSent: DownloadRequest[] = []
  const actor = createActor(
    statementsMachine.provide({
      actors: {
        statementPage: fromPromise(async ({ input }) => {
          sent.push(input)
          return answers.shift() as StatementPage
        }),
      },
    }),
    { input: { filter } },
  ).start()
  const downloads = createActor(
    fileDownloadMachine.provide({
      actors: {
        download: fromPromise(async ({ input }) => {
          downloadsSent.push(input)
          return {
            ok: false,
            reason: 'rejected',
            message: 'The first day must not be after the last day.',
          }
        }),
      },
    }),
  ).start()
  await renderInRouter(() => <StatementsView actor={actor} downloads={downloads} />)
  return { actor, sent, downloadsSent }
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('statements view', () => {
  it('shows the rows of the first page with their signed amounts and statuses', async () => {
    await showStatements([lastPage?.output])
    await screen.findByText('All 1 transactions shown.')
    const row = screen.getByRole('link', { name: /Rent/ })
    expect(row.textContent).toContain('-$900.00')
    expect(row.textContent).toContain('in progress')
    expect(row.textContent).toContain('01/03/2025')
    expect(screen.getByText('End of statement')).toBeTruthy()
  })

  it('applies a filter typed as dd/mm/yyyy, and refuses dates that are not days or the wrong way round', async () => {
    const { sent } = await showStatements([lastPage?.output, emptyPage?.output])
    await screen.findByText('All 1 transactions shown.')
    fireEvent.change(field('From'), { target: { value: '30/02/2025' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }))
    expect(await screen.findByText('Type each date as dd/mm/yyyy, e.g. 07/03/2026.')).toBeTruthy()
    expect(sent).toHaveLength(1)

    fireEvent.change(field('From'), { target: { value: '31/03/2025' } })
    fireEvent.change(field('To'), { target: { value: '01/03/2025' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }))
    expect(
      await screen.findByText('The start date must be on or before the end date.'),
    ).toBeTruthy()
    expect(field('From').getAttribute('aria-invalid')).toBe('true')
    expect(sent).toHaveLength(1)

    fireEvent.change(field('From'), { target: { value: '1/3/2025' } })
    fireEvent.change(field('To'), { target: { value: '31/03/2025' } })
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'debit' } })
    fireEvent.change(field('Amount from'), { target: { value: '50' } })
    fireEvent.change(field('Amount to'), { target: { value: '49.99' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }))
    expect(
      await screen.findByText('The smallest amount must not be more than the largest.'),
    ).toBeTruthy()
    expect(field('Amount from').getAttribute('aria-invalid')).toBe('true')
    expect(field('From').getAttribute('aria-invalid')).not.toBe('true')
    expect(sent).toHaveLength(1)

    fireEvent.change(field('Amount to'), { target: { value: '1200.5' } })
    fireEvent.change(field('Search'), { target: { value: '  Ada   rent ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }))
    await screen.findByText('No Transaction History')
    expect(sent.at(-1)).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      type: 'debit',
      search: 'Ada rent',
      minAmount: '50',
      maxAmount: '1200.5',
      limit: '100',
    })
    expect(screen.queryByText('The start date must be on or before the end date.')).toBeNull()
  })

  it('asks for the next page with the cursor when the end of the rows comes into view', async () => {
    const { sent } = await showStatements([morePage?.output, lastPage?.output])
    // Two rows fill no window: the next page is asked for at once, then no more.
    await screen.findByText('All 3 transactions shown.')
    expect(sent).toEqual([
      { ...noFilter, limit: '100' },
      { ...noFilter, cursor: 'MjAyNS0wMy0wNg', limit: '100' },
    ])
    expect(
      screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-posinset')),
    ).toEqual(['1', '2', '3'])
  })

  it('starts the form from the filter in the address', async () => {
    const { sent } = await showStatements([lastPage?.output], {
      ...noFilter,
      from: '2025-03-01',
      type: 'debit',
      search: 'rent',
    })
    await screen.findByText('All 1 transactions shown.')
    expect(field('From').value).toBe('01/03/2025')
    expect(field('To').value).toBe('')
    // The Type select's starting choice is checked in Chromium (statements-receipts.e2e.test.ts):
    // happy-dom does not implement option.defaultSelected, which React sets for it.
    expect(field('Search').value).toBe('rent')
    expect(sent).toEqual([
      { ...noFilter, from: '2025-03-01', type: 'debit', search: 'rent', limit: '100' },
    ])
  })

  it('downloads the filter that is applied, and says why a download failed', async () => {
    const { downloadsSent } = await showStatements([lastPage?.output])
    await screen.findByText('All 1 transactions shown.')
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(await screen.findByText('The first day must not be after the last day.')).toBeTruthy()
    expect(downloadsSent).toEqual([{ name: 'statementCsv', fields: noFilter }])
  })

  it('shows why the first page failed, with Retry', async () => {
    const { sent } = await showStatements([refusal?.output, lastPage?.output])
    await screen.findByText('The page marker must come from the previous page.')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByText('All 1 transactions shown.')
    expect(sent).toHaveLength(2)
  })

  it("shows the dashboard's empty state when there is nothing", async () => {
    await showStatements([emptyPage?.output])
    await waitFor(() => expect(screen.getByText('No Transaction History')).toBeTruthy())
    expect(screen.getByRole('link', { name: 'contact support' })).toBeTruthy()
  })
})
