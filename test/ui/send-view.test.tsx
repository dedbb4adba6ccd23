import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CallResult } from '#api/client'
import { type SendInput, sendMachine } from '#machines/send.machine'
import { SendView } from '#routes/dashboard/send/-components/send-view'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

const input: SendInput = {
  payees: [
    {
      id: 4,
      nickname: 'Ada at Harbor',
      bank: 'Harbor Bank',
      swiftCode: 'HBUKGB4B',
      routingNumber: '021000021',
      country: 'United Kingdom',
      accountNumber: 'GB29NWBK60161331926819',
      accountHolderName: 'Ada Payee',
      currency: 'USD',
    },
  ],
  percent: null,
  balance: 100_00,
  currency: '$',
  pending: null,
}

type PinAnswer = CallResult<'confirmTransferPin'>

async function showSend(pinAnswers: PinAnswer[]) {
  const effects: string[] = []
  const sent: unknown[] = []
  const actor = createActor(
    sendMachine.provide({
      actors: {
        confirmTransferPin: fromPromise(async ({ input }) => {
          sent.push(input)
          const answer = pinAnswers.shift()
          if (!answer) throw new Error('no more answers')
          return answer
        }),
      },
      actions: {
        showFormStep: () => effects.push('form'),
        showConfirmStep: () => effects.push('confirm'),
        showPinStep: () => effects.push('pin'),
        goToDashboard: () => effects.push('dashboard'),
      },
    }),
    { input },
  ).start()
  // In a router: the form links to the scheduled transfers.
  await renderInRouter(() => <SendView actor={actor} />)
  return { actor, effects, sent }
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

function fillFromSavedPayee() {
  fireEvent.change(screen.getByLabelText('Your payees'), { target: { value: '4' } })
  type('Amount *', '40')
  type('Note *', 'Rent')
  press('Continue')
}

describe('send view', () => {
  it('picks a payee of the book by its nickname, and says who the form sends to until a field changes', async () => {
    await showSend([])
    const picker = screen.getByLabelText('Your payees') as HTMLSelectElement
    expect([...picker.options].map((option) => option.text)).toEqual([
      'Choose one of your payees',
      'Ada at Harbor (Ada Payee), Harbor Bank ····6819',
    ])
    fireEvent.change(picker, { target: { value: '4' } })
    expect(field('Account Holder Name *').value).toBe('Ada Payee')
    expect(picker.value).toBe('4')
    expect(screen.getByText('Sending to Ada at Harbor.')).toBeTruthy()
    type('Account Number *', 'GB29NWBK60161331926818')
    expect(picker.value).toBe('')
    expect(screen.queryByText('Sending to Ada at Harbor.')).toBeNull()
  })

  it('marks every field required and names what is wrong with each', async () => {
    await showSend([])
    press('Continue')
    expect(screen.getByText('Bank is required')).toBeTruthy()
    expect(screen.getByText('Note is required')).toBeTruthy()
    type('Swift Code *', 'nope')
    expect(screen.queryByText('Swift Code is required')).toBeNull()
    press('Continue')
    expect(
      screen.getByText('Swift Code must be a SWIFT/BIC code (8 or 11 characters)'),
    ).toBeTruthy()
    expect(document.activeElement).toBe(field('Bank *'))
  })

  it('shows the charge and the amount received, and refuses an amount not below the balance', async () => {
    const { effects } = await showSend([])
    fillFromSavedPayee()
    expect(effects.at(-1)).toBe('confirm')
    expect(screen.getByText('$4.00')).toBeTruthy()
    expect(screen.getByText('$36.00')).toBeTruthy()
    type('Amount *', '100')
    expect(screen.getByText('Insufficient balance')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Confirmed' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    type('Amount *', '99.99')
    expect(screen.queryByText('Insufficient balance')).toBeNull()
    press('Back')
    // What was typed is still there.
    expect(field('Account Holder Name *').value).toBe('Ada Payee')
    expect(field('Amount *').value).toBe('99.99')
  })

  it("says 'Invalid Pin' on an empty PIN and empties the field after a refusal", async () => {
    const { sent } = await showSend([
      {
        ok: true,
        data: { status: false, message: 'Incorrect PIN. 4 tries left.', stepUp: null },
      },
    ])
    fillFromSavedPayee()
    press('Confirmed')
    press('Confirm')
    expect(screen.getByText('Invalid Pin')).toBeTruthy()
    type('PIN', '12a34')
    expect(field('PIN').value).toBe('1234')
    await act(async () => press('Confirm'))
    await waitFor(() => expect(screen.getByText('Incorrect PIN. 4 tries left.')).toBeTruthy())
    expect(field('PIN').value).toBe('')
    expect(sent).toEqual([
      {
        pin: '1234',
        amount: '40',
        // The account's currency, whatever the draft said: the PIN approves all of it.
        currency: '$',
        bank: 'Harbor Bank',
        swiftCode: 'HBUKGB4B',
        routingNumber: '021000021',
        country: 'United Kingdom',
        accountNumber: 'GB29NWBK60161331926819',
        accountHolderName: 'Ada Payee',
      },
    ])
  })
})
