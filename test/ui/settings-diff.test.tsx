import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaffCallResponse } from '#api/contract/staff'
import { type SettingsContent, settingsChanges } from '#api/contract/staff/settings-areas'
import { SettingsDiff } from '../../src/console/routes/settings/settings-diff'
import { SettingsHistory } from '../../src/console/routes/settings/settings-history'

afterEach(cleanup)

const bitcoin = {
  name: 'Bitcoin (BTC)',
  address: 'tb1qold',
  network: 'Bitcoin testnet',
  hash_format: 'hex64',
  explorer: 'https://mempool.space/testnet4/tx/{hash}',
  offered: true,
} as const

const before: SettingsContent<'coins'> = { coins: [bitcoin] }
const after: SettingsContent<'coins'> = {
  coins: [
    { ...bitcoin, address: 'tb1qnew', offered: false },
    {
      name: 'Litecoin (LTC)',
      address: 'tltc1q',
      network: null,
      hash_format: 'hex64',
      explorer: null,
      offered: true,
    },
  ],
}

/** The table's rows as the cells' text (a no-break space read as a space). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    )

describe('the difference between two versions of the settings', () => {
  it('shows a changed coin with only what changed, and an added one with all of it', () => {
    render(
      <SettingsDiff
        changes={settingsChanges('coins', before, after)}
        caption="Version 1 against the version in use (2)"
        fromLabel="Version 1"
        toLabel="In use (version 2)"
      />,
    )
    const table = screen.getByRole('table', { name: 'Version 1 against the version in use (2)' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Setting', 'Change', 'Version 1', 'In use (version 2)'])
    expect(rowsOf(table)).toEqual([
      [
        'Coin Bitcoin (BTC)',
        'Changed',
        'Address: tb1qold; Offered: yes',
        'Address: tb1qnew; Offered: no',
      ],
      [
        'Coin Litecoin (LTC)',
        'Added',
        '—',
        'Address: tltc1q; Network: not set; Hashes: 64 characters, 0-9 and a-f; Explorer: none; Offered: yes',
      ],
    ])
  })

  it('shows a removed plan and a changed setting, one row each', () => {
    const plans = (rate: number, upgrades: SettingsContent<'plans'>['upgrades']) => ({
      fixed_deposits: [{ name: '3 months', term_days: 91, rate, description: null }],
      upgrades,
    })
    const tier = { name: 'Tier 2', price: 5_000, description: 'More room' }
    render(
      <SettingsDiff
        changes={settingsChanges('plans', plans(400, [tier]), plans(450, []))}
        caption="Proposed"
        fromLabel="Now"
        toLabel="Proposed"
      />,
    )
    expect(rowsOf(screen.getByRole('table'))).toEqual([
      ['Fixed deposit 3 months', 'Changed', 'Yearly rate: 4 %', 'Yearly rate: 4.5 %'],
      ['Upgrade Tier 2', 'Removed', 'Price: $50.00; Description: More room', '—'],
    ])
  })

  it('says so when two versions are the same', () => {
    render(
      <SettingsDiff
        changes={settingsChanges('coins', before, before)}
        caption="Version 3 against the version in use (3)"
        fromLabel="Version 3"
        toLabel="In use"
      />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(
      screen.getByText('Version 3 against the version in use (3): no difference.'),
    ).toBeTruthy()
  })

  it('the history compares the version chosen with the one in use', () => {
    const version = (
      id: number,
      number: number | null,
      status: 'applied' | 'proposed',
      content: SettingsContent<'coins'>,
    ) => ({
      id,
      version: number,
      status,
      source: number === 1 ? ('tables' as const) : ('proposal' as const),
      based_on: number === 1 ? null : 1,
      content,
      proposed_by: number === 1 ? null : { staff_id: 3, name: 'Gia Moss' },
      approved_by: number === 2 ? { staff_id: 4, name: 'Hal Ortiz' } : null,
      created_at: '2026-11-25T14:03:00.000Z',
      decided_at: status === 'applied' ? '2026-11-25T15:00:00.000Z' : null,
      approval: null,
    })
    const proposal: SettingsContent<'coins'> = {
      coins: [{ ...bitcoin, address: 'tb1qproposed' }],
    }
    const page: StaffCallResponse<'settingsarea'> = {
      area: 'coins',
      version: 2,
      content: after,
      plan_names: [],
      versions: [
        version(9, null, 'proposed', proposal),
        version(8, 2, 'applied', after),
        version(7, 1, 'applied', before),
      ],
    }
    render(<SettingsHistory area="coins" page={page} />)
    const history = screen.getByRole('table', { name: 'Every version, newest first' })
    expect(rowsOf(history).map((row) => row.slice(0, 2))).toEqual([
      ['Proposed change', 'Waiting for a second person'],
      ['Version 2', 'In use'],
      ['Version 1', 'Earlier'],
    ])
    // A proposal waiting is compared first: what it would change of the version in use.
    const first = screen.getByRole('table', { name: /^Proposed change against/ })
    expect(
      within(first)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Setting', 'Change', 'In use (version 2)', 'Proposed change'])
    expect(rowsOf(first)).toEqual([
      [
        'Coin Bitcoin (BTC)',
        'Changed',
        'Address: tb1qnew; Offered: no',
        'Address: tb1qproposed; Offered: yes',
      ],
      ['Coin Litecoin (LTC)', 'Removed', expect.stringMatching(/^Address: tltc1q;/), '—'],
    ])
    fireEvent.click(
      screen.getByRole('button', { name: 'Compare version 1 with the version in use' }),
    )
    const second = screen.getByRole('table', {
      name: 'Version 1 against the version in use (2)',
    })
    expect(rowsOf(second).map((row) => row.slice(0, 2))).toEqual([
      ['Coin Bitcoin (BTC)', 'Changed'],
      ['Coin Litecoin (LTC)', 'Added'],
    ])
    expect(
      screen
        .getByRole('button', { name: 'Compare version 1 with the version in use' })
        .getAttribute('aria-pressed'),
    ).toBe('true')
  })
})
