import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CallResult } from '#api/client'
import { emailChangeMachine, pendingChangeMessage } from '#machines/email-change.machine'
import { type SaveSettingsInput, settingsFormMachine } from '#machines/settings-form.machine'
import { EmailChangeView } from '#routes/dashboard/settings/-components/email-change-view'
import { SecretChangeView } from '#routes/dashboard/settings/-components/secret-change-view'

afterEach(cleanup)

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('the passcode form', () => {
  it("keeps Save disabled by the spec's rule, says Password Mismatch, and shows the tries left", async () => {
    const sent: SaveSettingsInput[] = []
    const actor = createActor(
      settingsFormMachine.provide({
        actors: {
          saveSettings: fromPromise(async ({ input }) => {
            sent.push(input)
            return {
              ok: true,
              data: {
                status: false,
                message: 'The current passcode is wrong. 2 attempts left before a 15-minute block.',
                attemptsLeft: 2,
              },
            } as const
          }),
        },
      }),
      { input: { form: 'passcode' } },
    ).start()
    render(<SecretChangeView actor={actor} kind="passcode" />)
    const save = screen.getByRole('button', { name: 'Save passcode' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    type('Current passcode', '12a3456')
    type('New passcode', '654321')
    type('Confirm new passcode', '654320')
    // Digits only, and a confirmation that differs says so.
    expect((screen.getByLabelText('Current passcode') as HTMLInputElement).value).toBe('123456')
    expect(screen.getByText('Password Mismatch')).toBeTruthy()
    expect(save.disabled).toBe(true)
    type('Confirm new passcode', '654321')
    expect(screen.queryByText('Password Mismatch')).toBeNull()
    expect(save.disabled).toBe(false)
    fireEvent.click(save)
    await screen.findByText(
      'The current passcode is wrong. 2 attempts left before a 15-minute block.',
    )
    // "Sign out my other devices" is ticked until unticked (decision 080).
    expect((screen.getByLabelText('Sign out my other devices') as HTMLInputElement).checked).toBe(
      true,
    )
    fireEvent.click(screen.getByLabelText('Sign out my other devices'))
    fireEvent.click(save)
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent).toEqual([
      {
        call: 'changePasscode',
        fields: { current: '123456', next: '654321', confirmation: '654321', signOutOthers: 'on' },
      },
      {
        call: 'changePasscode',
        fields: {
          current: '123456',
          next: '654321',
          confirmation: '654321',
          signOutOthers: undefined,
        },
      },
    ])
  })
})

describe('the e-mail form', () => {
  it('enables Save only for an e-mail address, then asks for the code sent to it', async () => {
    const actor = createActor(
      emailChangeMachine.provide({
        actors: {
          requestEmailChange: fromPromise(
            async (): Promise<CallResult<'requestEmailChange'>> => ({
              ok: true,
              data: { status: true, message: 'We have sent a 6-digit code to new@example.com.' },
            }),
          ),
        },
      }),
      { input: {} },
    ).start()
    render(<EmailChangeView actor={actor} currentEmail="old@example.com" />)
    expect(screen.getByText('old@example.com')).toBeTruthy()
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
    type('New e-mail address', 'new.example.com')
    expect(save.disabled).toBe(true)
    type('New e-mail address', 'new@example.com')
    expect(save.disabled).toBe(false)
    fireEvent.click(save)
    await screen.findByText('We have sent a 6-digit code to new@example.com.')
    await waitFor(() => expect(screen.getByText('Code sent to new@example.com')).toBeTruthy())
  })

  it('opens on the code of a change asked for earlier, and empties the cells after a wrong code', async () => {
    const confirmed: string[] = []
    const actor = createActor(
      emailChangeMachine.provide({
        actors: {
          confirmEmailChange: fromPromise(
            async ({
              input,
            }: {
              input: { code: string }
            }): Promise<CallResult<'confirmEmailChange'>> => {
              confirmed.push(input.code)
              return {
                ok: true,
                data: { status: false, message: 'Invalid or expired code.' },
              }
            },
          ),
        },
      }),
      { input: { pendingEmail: 'new@example.com' } },
    ).start()
    render(<EmailChangeView actor={actor} currentEmail="old@example.com" />)
    expect(screen.getByText(pendingChangeMessage('new@example.com'))).toBeTruthy()
    const cells = () => screen.getAllByLabelText(/^Digit \d of 6$/) as HTMLInputElement[]
    fireEvent.paste(cells()[0] as HTMLInputElement, { clipboardData: { getData: () => '111111' } })
    expect(
      cells()
        .map((cell) => cell.value)
        .join(''),
    ).toBe('111111')
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await screen.findByText('Invalid or expired code.')
    await waitFor(() =>
      expect(
        cells()
          .map((cell) => cell.value)
          .join(''),
      ).toBe(''),
    )
    expect(confirmed).toEqual(['111111'])
    // Confirm with the emptied cells sends nothing: the old code is gone with them.
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await screen.findByText('Enter the 6-digit code from the e-mail')
    expect(confirmed).toEqual(['111111'])
  })
})
