import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaffCallResponse } from '#api/contract/staff'
import { BroadcastStatus } from '../../src/console/routes/broadcasts/broadcast-status'

/** A broadcast's status on the console's Broadcasts page (docs/decisions/103). */

afterEach(cleanup)

type Broadcast = StaffCallResponse<'broadcastpage'>['broadcasts'][number]

const broadcast = (fields: Partial<Broadcast>): Broadcast => ({
  id: 1,
  title: 'Branch hours',
  body: 'Closed on Monday.',
  plan: null,
  status: 'proposed',
  recipients: null,
  audience: null,
  written: 0,
  sent_at: null,
  proposed_by: 'Eva Lind',
  created_at: '2026-11-23T09:00:00.000Z',
  decided_at: null,
  ...fields,
})

describe("a broadcast's status", () => {
  it('shows how far the job is while it writes the notifications', () => {
    render(
      <BroadcastStatus
        broadcast={broadcast({ status: 'sending', audience: 2_000_000, written: 745_000 })}
      />,
    )
    expect(screen.getByText('Sending: 745,000 of 2,000,000 written')).toBeTruthy()
    const bar = screen.getByRole('progressbar', { name: 'Broadcast "Branch hours"' })
    expect(bar.getAttribute('value')).toBe('745000')
    expect(bar.getAttribute('max')).toBe('2000000')
  })

  it('says waiting, sent to how many, or dropped', () => {
    render(<BroadcastStatus broadcast={broadcast({ status: 'proposed' })} />)
    expect(screen.getByText('Waiting for a second person')).toBeTruthy()
    cleanup()
    render(
      <BroadcastStatus
        broadcast={broadcast({ status: 'sent', recipients: 2_000_000, written: 2_000_000 })}
      />,
    )
    expect(screen.getByText('Sent to 2,000,000 customers')).toBeTruthy()
    cleanup()
    render(<BroadcastStatus broadcast={broadcast({ status: 'dropped' })} />)
    expect(screen.queryByRole('progressbar')).toBeNull()
  })
})
