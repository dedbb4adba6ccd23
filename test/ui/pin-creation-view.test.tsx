import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { type PinCreationResult, pinCreationMachine } from '#machines/pin-creation.machine'
import { PinCreationView } from '#routes/dashboard/pincreation/-components/pin-creation-view'

afterEach(cleanup)

const mismatch = 'We have detected that the PIN you entered does not match. Please Re-enter PIN.'

function showPinCreation(answer: PinCreationResult) {
  const effects: string[] = []
  const updatepin = vi.fn(async (_input: { pin: string }) => answer)
  const actor = createActor(
    pinCreationMachine.provide({
      actors: { createTransferPin: fromPromise(({ input }) => updatepin(input)) },
      actions: {
        showEntryStep: () => effects.push('entry step'),
        showReentryStep: () => effects.push('re-entry step'),
        notifyCreated: (_, { message }) => effects.push(`toast: ${message}`),
        goToDashboard: () => effects.push('dashboard'),
      },
    }),
  ).start()
  render(<PinCreationView actor={actor} />)
  return { actor, effects, updatepin }
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })

describe('PIN creation view', () => {
  it('asks for 4 digits in a masked numeric field that browsers do not fill', () => {
    showPinCreation({ ok: true, data: { status: true, message: '' } })
    expect(screen.getByRole('heading', { name: 'Create your transaction PIN' })).toBeTruthy()
    expect(screen.getByText('Step 1 of 2')).toBeTruthy()
    const pin = field('PIN')
    expect(pin.type).toBe('password')
    expect(pin.inputMode).toBe('numeric')
    expect(pin.maxLength).toBe(4)
    expect(pin.getAttribute('autocomplete')).toBe('new-password')
    expect(document.activeElement).toBe(pin)
    // digits only, at most 4
    type('PIN', '12a345')
    expect(pin.value).toBe('1234')
  })

  it("says 'Invalid Pin' for an empty PIN and stays on the first step", async () => {
    const { effects } = showPinCreation({ ok: true, data: { status: true, message: '' } })
    confirm()
    expect(await screen.findByText('Invalid Pin')).toBeTruthy()
    expect(field('PIN').getAttribute('aria-invalid')).toBe('true')
    // Typing takes the message away; Confirm checks again.
    type('PIN', '12')
    expect(screen.queryByText('Invalid Pin')).toBeNull()
    expect(field('PIN').getAttribute('aria-invalid')).toBeNull()
    confirm()
    expect(await screen.findByText('PIN must be 4 digits')).toBeTruthy()
    expect(effects).toEqual(['entry step'])
  })

  it('shows the mismatch, empties the re-entry, then creates the PIN and moves on', async () => {
    const { actor, effects, updatepin } = showPinCreation({
      ok: true,
      data: { status: true, message: 'Your transaction PIN has been successfully created' },
    })
    type('PIN', '2580')
    confirm()
    expect(await screen.findByRole('heading', { name: 'Re-enter your PIN' })).toBeTruthy()
    expect(screen.getByText('Step 2 of 2')).toBeTruthy()
    expect(field('Re-enter PIN').value).toBe('')
    expect(effects.at(-1)).toBe('re-entry step')

    type('Re-enter PIN', '0852')
    confirm()
    expect(await screen.findByText(mismatch)).toBeTruthy()
    expect(field('Re-enter PIN').value).toBe('')
    await waitFor(() => expect(document.activeElement).toBe(field('Re-enter PIN')))
    expect(updatepin).not.toHaveBeenCalled()

    type('Re-enter PIN', '2580')
    confirm()
    expect(await screen.findByRole('heading', { name: 'PIN created' })).toBeTruthy()
    expect(updatepin).toHaveBeenCalledWith({ pin: '2580' })
    expect(effects.at(-1)).toBe('toast: Your transaction PIN has been successfully created')
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue to your dashboard' }))
    })
    expect(effects.at(-1)).toBe('dashboard')
    expect(actor.getSnapshot().status).toBe('done')
  })

  it("shows the server's refusal and empties the re-entry; Start over goes back", async () => {
    showPinCreation({
      ok: true,
      data: { status: false, message: 'You already have a transaction PIN.' },
    })
    type('PIN', '2580')
    confirm()
    type('Re-enter PIN', '2580')
    confirm()
    expect(await screen.findByText('You already have a transaction PIN.')).toBeTruthy()
    expect(field('Re-enter PIN').value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Start over with a different PIN' }))
    expect(await screen.findByRole('heading', { name: 'Create your transaction PIN' })).toBeTruthy()
    expect(field('PIN').value).toBe('')
  })

  it("says 'An error has Occured.' when the call fails", async () => {
    showPinCreation({ ok: false, reason: 'unexpected' })
    type('PIN', '2580')
    confirm()
    type('Re-enter PIN', '2580')
    confirm()
    expect(await screen.findByText('An error has Occured.')).toBeTruthy()
    expect(field('Re-enter PIN').value).toBe('')
  })
})
