import { describe, expect, it } from 'vitest'
import {
  filterOf,
  searchOf,
  statementSearch,
} from '#routes/dashboard/statements/-components/statement-search'

describe('the statement filter in the address', () => {
  it('keeps the days and type the server accepts', () => {
    expect(
      statementSearch({
        from: '2025-03-01',
        to: '2025-03-31',
        type: 'credit',
        search: 'rent',
        minAmount: '10',
        maxAmount: '99.5',
      }),
    ).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      type: 'credit',
      search: 'rent',
      minAmount: '10',
      maxAmount: '99.5',
    })
  })

  it('drops what the server would refuse, and empty values', () => {
    expect(
      statementSearch({
        from: '2025-02-30',
        to: 'yesterday',
        type: 'both',
        x: '1',
        minAmount: 'ten',
        search: 'x'.repeat(101),
      }),
    ).toEqual({})
    expect(statementSearch({ from: '', type: '' })).toEqual({})
  })

  it('turns into the machine filter and back, leaving empty values out of the address', () => {
    expect(filterOf({ to: '2025-03-31', search: 'rent' })).toEqual({
      from: '',
      to: '2025-03-31',
      type: '',
      search: 'rent',
      minAmount: '',
      maxAmount: '',
    })
    expect(
      searchOf({ ...filterOf({}), to: '2025-03-31', type: 'debit', minAmount: '10.50' }),
    ).toEqual({ to: '2025-03-31', type: 'debit', minAmount: '10.50' })
  })
})
