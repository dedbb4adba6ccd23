import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { outcomes } from '#dev/outcomes/insights.outcomes'
import { type InsightsAnswer, insightsMachine } from '#machines/insights.machine'
import { InsightsView } from '#routes/dashboard/insights/-components/insights-view'

/** Insights (docs/decisions/089): the tables screen readers read, the picker, the empty state. */

afterEach(cleanup)

const [current, quietMonth, noLines, refused] = outcomes.insights

/** The view over a machine whose call answers from `answers`, in order, recording what is sent. */
function showInsights(answers: unknown[]) {
  const sent: unknown[] = []
  const actor = createActor(
    insightsMachine.provide({
      actors: {
        insights: fromPromise(async ({ input }) => {
          sent.push(input)
          return answers.shift() as InsightsAnswer
        }),
      },
    }),
  ).start()
  render(<InsightsView actor={actor} />)
  return { sent }
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('insights view', () => {
  it('shows the 12 months and the month by type as tables, with the totals in words', async () => {
    showInsights([current?.output])
    const months = await screen.findByRole('table', {
      name: 'Money in and out per month (UTC), newest first',
    })
    const rows = within(months).getAllByRole('row')
    expect(rows).toHaveLength(13)
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('November 2026')
    expect(cellsOf(rows[1] as HTMLElement)).toEqual(['$1,525.513 payments', '$1,201.003 payments'])
    expect(within(rows[12] as HTMLElement).getByRole('rowheader').textContent).toBe('December 2025')
    expect(
      screen.getByText(
        'From December 2025 to November 2026, $4,025.51 came in and $2,101.00 went out.',
      ),
    ).toBeTruthy()
    // No canvas here: the chart says where the figures are.
    expect(
      screen.getByText('This browser does not draw charts: the table below has the same figures.'),
    ).toBeTruthy()

    const split = screen.getByRole('table', { name: 'November 2026 by type, the most money first' })
    expect(
      within(split)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Deposit', 'Fixed Deposit', 'Bank Transfer', 'Correction'])
    expect(
      screen.getByText(
        'In November 2026, $1,525.51 came in and $1,201.00 went out, over 4 types of payment.',
      ),
    ).toBeTruthy()
  })

  it('loads the month chosen, and says when nothing moved in it', async () => {
    const { sent } = showInsights([current?.output, quietMonth?.output])
    const picker = (await screen.findByLabelText('Month')) as HTMLSelectElement
    expect(picker.value).toBe('2026-11')
    expect([...picker.options].map((option) => option.text).slice(0, 2)).toEqual([
      'November 2026',
      'October 2026',
    ])
    fireEvent.change(picker, { target: { value: '2026-05' } })
    await screen.findByText('Nothing came in or went out in May 2026.')
    expect(sent).toEqual([{ month: '' }, { month: '2026-05' }])
  })

  it('says so to a customer with nothing in the 12 months, with no tables', async () => {
    showInsights([noLines?.output])
    await screen.findByText(/^Nothing has come in or gone out of your account/)
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows why the figures could not load, with Retry', async () => {
    showInsights([refused?.output, current?.output])
    await screen.findByText('The month must be one of the last 12 months.')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByRole('table', { name: 'Money in and out per month (UTC), newest first' })
  })
})
