import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { warningNotice } from '#api/notice'
import { secondFactorOutcomes, signInOutcomes } from '#dev/outcomes/staff-sign-in.outcomes'
import {
  type SecondFactorResult,
  type SignInResult,
  staffSignInMachine,
} from '#machines/staff-sign-in.machine'
import { SignInView } from '../../src/console/routes/sign-in/sign-in-view'

afterEach(cleanup)

function showSignIn(signIn: SignInResult, secondFactor: SecondFactorResult) {
  const sent: unknown[] = []
  const actor = createActor(
    staffSignInMachine.provide({
      actors: {
        signIn: fromPromise(async ({ input }) => {
          sent.push(input)
          return signIn
        }),
        secondFactor: fromPromise(async ({ input }) => {
          sent.push(input)
          return secondFactor
        }),
      },
    }),
  ).start()
  render(<SignInView actor={actor} arrival={warningNotice('Your session has ended.')} />)
  return { actor, sent }
}

const signInWith = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
}

describe('the staff sign-in view', () => {
  it('says why the sign-in opened until the person acts', () => {
    showSignIn(signInOutcomes.wrong.output, secondFactorOutcomes.signedIn.output)
    expect(screen.getByRole('alert').textContent).toBe('Your session has ended.')
  })

  it("shows the server's refusal with the tries left, in place of the arrival notice", async () => {
    const { sent } = showSignIn(signInOutcomes.wrong.output, secondFactorOutcomes.signedIn.output)
    signInWith('ada@meridian.example', 'not the password')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid e-mail or password. 4 attempts left.',
    )
    expect(sent).toEqual([{ email: 'ada@meridian.example', password: 'not the password' }])
  })

  it('offers the passkey first, and the code for a person who also has an app', async () => {
    showSignIn(signInOutcomes.passkeyAndApp.output, secondFactorOutcomes.signedIn.output)
    signInWith('ada@meridian.example', 'the right password')
    await screen.findByRole('button', { name: 'Use your passkey' })
    fireEvent.click(
      screen.getByRole('button', { name: 'Use the code from your authenticator app' }),
    )
    expect(screen.getByLabelText('Code from your authenticator app')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Use your passkey instead' })).toBeTruthy()
  })

  it('asks a person with only an app for the code, and sends it as typed', async () => {
    const { sent } = showSignIn(signInOutcomes.appOnly.output, secondFactorOutcomes.wrong.output)
    signInWith('kim@meridian.example', 'the right password')
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), {
      target: { value: '123456' },
    })
    expect(screen.queryByRole('button', { name: 'Use your passkey instead' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. 3 attempts left.',
    )
    expect(sent.at(-1)).toEqual({ method: 'totp', code: '123456' })
  })
})
