import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { resetMachine } from '#machines/reset.machine'
import type { ResetInput } from '#machines/reset-rules'
import { ResetView } from '#routes/-components/reset-view'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

/** The one reset view over the reset machine, for a secret. */
async function showReset(input: ResetInput, signedIn?: boolean) {
  const actor = createActor(resetMachine, { input }).start()
  const send = vi.spyOn(actor, 'send')
  await renderInRouter(() => <ResetView actor={actor} signedIn={signedIn} />)
  return { send }
}

describe('reset view', () => {
  it('the passcode: offers a new code, and the way back to sign in', async () => {
    const { send } = await showReset({ secret: 'passcode', email: 'ada@example.com' })
    expect(screen.getByRole('heading', { name: 'Reset your passcode' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }))
    expect(send).toHaveBeenCalledWith({ type: 'SEND_NEW_CODE' })
    expect(screen.getByText(/Remembered it\?/).textContent).toBe('Remembered it? Back to sign in')
    expect(screen.getByRole('button', { name: 'Reset passcode' })).toBeTruthy()
  })

  it('the PIN: no new code; signed in, the way back is the dashboard', async () => {
    await showReset({ secret: 'pin' }, true)
    expect(screen.getByRole('heading', { name: 'Reset your PIN' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toBeTruthy()
    expect(screen.queryByText(/Remembered it/)).toBeNull()
    expect((screen.getByLabelText('New PIN') as HTMLInputElement).maxLength).toBe(4)
  })

  it('the PIN signed out: the way back is sign in', async () => {
    await showReset({ secret: 'pin', email: 'ada@example.com', code: '123456' })
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy()
    expect(screen.getByText(/Choose a new 4-digit PIN for/)).toBeTruthy()
  })
})
