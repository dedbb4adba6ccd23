import { describe, expect, it } from 'vitest'
import type { CallResult } from '#api/client'
import { pinCheckRedirect } from '#routes/dashboard/-shared/pin-check'

const statement: CallResult<'dashboard'> = {
  ok: true,
  data: {
    user: {
      fullname: 'Avery Quinn',
      username: 'avery.quinn',
      email: 'avery@example.com',
      picture: null,
      currentPlan: 'Tier 1',
      accountNumber: '1234567890',
    },
    balances: { available: '0.00', booked: '0.00' },
    currency: 'USD',
    totalCredit: '0.00',
    totalDebit: '0.00',
    transactions: [],
    unreadCount: 0,
    details: null,
  },
}
const noPin: CallResult<'hasTransferPin'> = { ok: true, data: { hasPin: false } }
const hasPin: CallResult<'hasTransferPin'> = { ok: true, data: { hasPin: true } }

describe('the PIN check when the dashboard loads', () => {
  it('sends a customer without a PIN to PIN creation, unless already there', () => {
    expect(pinCheckRedirect({ statement, hasTransferPin: noPin, onPinCreation: false })).toBe(
      '/dashboard/pincreation',
    )
    // No redirect loop: the PIN screens (index and new1) keep the customer.
    expect(pinCheckRedirect({ statement, hasTransferPin: noPin, onPinCreation: true })).toBeNull()
  })

  it('sends a customer who has a PIN away from PIN creation, and leaves them elsewhere', () => {
    expect(pinCheckRedirect({ statement, hasTransferPin: hasPin, onPinCreation: true })).toBe(
      '/dashboard',
    )
    expect(pinCheckRedirect({ statement, hasTransferPin: hasPin, onPinCreation: false })).toBeNull()
  })

  it('does nothing when pincheck gives no answer', () => {
    for (const reason of ['network', 'rejected', 'unexpected', 'unauthorized'] as const) {
      expect(
        pinCheckRedirect({
          statement,
          hasTransferPin: { ok: false, reason },
          onPinCreation: false,
        }),
      ).toBeNull()
    }
  })

  it('leaves a blocking account notice and an ended session to the statement', () => {
    const blocked: CallResult<'dashboard'> = {
      ok: true,
      data: { ...statement.data, details: { head: 'On hold', body: 'Please call us.' } },
    }
    expect(
      pinCheckRedirect({ statement: blocked, hasTransferPin: noPin, onPinCreation: false }),
    ).toBe(null)
    expect(
      pinCheckRedirect({
        statement: { ok: false, reason: 'unauthorized' },
        hasTransferPin: noPin,
        onPinCreation: false,
      }),
    ).toBeNull()
    // A statement that failed otherwise does not stop PIN creation.
    expect(
      pinCheckRedirect({
        statement: { ok: false, reason: 'network' },
        hasTransferPin: noPin,
        onPinCreation: false,
      }),
    ).toBe('/dashboard/pincreation')
  })
})
