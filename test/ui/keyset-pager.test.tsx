import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type KeysetFacts, KeysetPager } from '../../src/console/ui/keyset-pager'

/** The audit log's pager (docs/decisions/101): pages by keyset, a count that stops at a cap. */

afterEach(cleanup)

const facts = (given: Partial<KeysetFacts>): KeysetFacts => ({
  page: 1,
  page_size: 50,
  total: 0,
  total_capped: false,
  older: null,
  newer: null,
  ...given,
})

describe('the keyset pager', () => {
  it('is not there when the list fits one page', () => {
    const { container } = render(
      <KeysetPager facts={facts({ total: 4 })} shown={4} onOlder={() => {}} onNewer={() => {}} />,
    )
    expect(container.innerHTML).toBe('')
  })

  it('says "more than" where the count stopped, and leads to the pages beside this one', () => {
    const edges: string[] = []
    render(
      <KeysetPager
        facts={facts({ page: 2, total: 10_000, total_capped: true, older: 'o', newer: 'n' })}
        shown={50}
        onOlder={(edge) => edges.push(`older ${edge}`)}
        onNewer={(edge) => edges.push(`newer ${edge}`)}
      />,
    )
    const pager = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pager).getByText('Rows 51–100 of more than 10,000 (page 2)')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(edges).toEqual(['newer n', 'older o'])
  })

  it('says the exact count under the cap, and offers no page past the last', () => {
    render(
      <KeysetPager
        facts={facts({ page: 3, total: 120, newer: 'n' })}
        shown={20}
        onOlder={() => {}}
        onNewer={() => {}}
      />,
    )
    expect(screen.getByText('Rows 101–120 of 120 (page 3)')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })
})
