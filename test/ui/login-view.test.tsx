import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CallRequest } from '#api/contract'
import {
  identifyCallOutcomes,
  recallCallOutcomes,
  signInCallOutcomes,
} from '#dev/outcomes/login.outcomes'
import {
  type LoginResult,
  type LookupResult,
  loginMachine,
  type RecallResult,
  type SignInFields,
} from '#machines/login.machine'
import { LoginView } from '#routes/_signed-out/-components/login-view'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

// Step 2 is a lazy chunk the screen preloads: loaded first, the first test waits on the screen,
// not on the chunk's first transform (Lingui's macros add a Babel pass to it).
beforeAll(() => import('#routes/_signed-out/-components/passcode-step'))

const email = 'dana@meridian.example'

async function showLogin(
  lookup: LookupResult = identifyCallOutcomes.customer.output,
  answer: LoginResult = signInCallOutcomes.welcomeDefault.output,
  recall: RecallResult = recallCallOutcomes.nobody.output,
) {
  const goToDashboard = vi.fn()
  const storeSessionToken = vi.fn()
  const actor = createActor(
    loginMachine.provide({
      actors: {
        rememberedDevice: fromPromise<RecallResult, CallRequest<'rememberedDevice'>>(
          async () => recall,
        ),
        identifyCustomer: fromPromise<LookupResult, { email: string }>(async () => lookup),
        signIn: fromPromise<LoginResult, SignInFields>(async () => answer),
      },
      actions: { goToDashboard, storeSessionToken },
    }),
  ).start()
  const send = vi.spyOn(actor, 'send')
  await renderInRouter(() => <LoginView actor={actor} />)
  return { actor, send, goToDashboard, storeSessionToken }
}

function submitEmail(value: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
}

describe('login view', () => {
  it('sends the typed e-mail and opens step 2 with the customer and a 6-digit passcode', async () => {
    const { send } = await showLogin()
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy()
    submitEmail(email)
    expect(send).toHaveBeenCalledWith({ type: 'SUBMIT_EMAIL', email })
    expect(await screen.findByText('Dana Morgan')).toBeTruthy()
    expect(screen.getByText(email)).toBeTruthy()
    const passcode = screen.getByLabelText('Passcode') as HTMLInputElement
    expect(passcode.type).toBe('password')
    expect(passcode.inputMode).toBe('numeric')
    expect(passcode.getAttribute('autocomplete')).toBe('current-password')
    expect(passcode.maxLength).toBe(6)
    await waitFor(() => expect(document.activeElement).toBe(passcode))
    expect(screen.getByRole('link', { name: 'Forgot passcode?' }).getAttribute('href')).toBe(
      '/account/forgot',
    )
    expect(screen.getByLabelText('Remember me')).toBeTruthy()
  })

  it("shows the machine's message for an e-mail that is not one", async () => {
    await showLogin()
    submitEmail('dana.meridian.example')
    expect(await screen.findByText("That doesn't look like an email address")).toBeTruthy()
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true')
  })

  it('gives an admin a plain password field', async () => {
    await showLogin(identifyCallOutcomes.admin.output, signInCallOutcomes.admin.output)
    submitEmail('admin@meridian.example')
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement
    expect(password.type).toBe('password')
    expect(password.inputMode).toBe('')
    expect(password.maxLength).toBe(-1)
    expect(screen.queryByLabelText('Passcode')).toBeNull()
    // An admin's password is not a passcode: no Forgot passcode? on their step.
    expect(screen.queryByRole('link', { name: 'Forgot passcode?' })).toBeNull()
    expect(screen.getByLabelText('Remember me')).toBeTruthy()
  })

  it('greets neutrally where the browser remembers nobody, and gives staff a password field', async () => {
    const { send } = await showLogin(
      identifyCallOutcomes.neutral.output,
      signInCallOutcomes.admin.output,
    )
    submitEmail('admin@meridian.example')
    expect(await screen.findByLabelText('Passcode')).toBeTruthy()
    expect(screen.getByText('admin@meridian.example')).toBeTruthy()
    expect(screen.queryByText('Portal Admin')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Bank staff: use a password' }))
    expect(send).toHaveBeenLastCalledWith({ type: 'USE_PASSWORD' })
    expect(await screen.findByLabelText('Password')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Bank staff: use a password' })).toBeNull()
  })

  it('offers Use your passkey where the browser has passkeys, with Remember me as ticked', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    try {
      const { send } = await showLogin(identifyCallOutcomes.neutral.output)
      submitEmail(email)
      const passkey = await screen.findByRole('button', { name: 'Use your passkey' })
      fireEvent.click(screen.getByLabelText('Remember me'))
      fireEvent.click(passkey)
      expect(send).toHaveBeenLastCalledWith({ type: 'USE_PASSKEY', remember: true })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('fills in the e-mail a remembered browser gives, with Remember me ticked', async () => {
    await showLogin(undefined, undefined, recallCallOutcomes.remembered.output)
    await waitFor(() =>
      expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe(email),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const remember = (await screen.findByLabelText('Remember me')) as HTMLInputElement
    expect(remember.checked).toBe(true)
  })

  it('sends passcode and Remember me, then shows Welcome Back with Continue', async () => {
    const { send, goToDashboard, storeSessionToken } = await showLogin()
    submitEmail(email)
    const passcode = await screen.findByLabelText('Passcode')
    fireEvent.input(passcode, { target: { value: '12a3456' } })
    expect((passcode as HTMLInputElement).value).toBe('123456')
    fireEvent.click(screen.getByLabelText('Remember me'))
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(send).toHaveBeenCalledWith({
      type: 'SUBMIT_PASSCODE',
      password: '123456',
      remember: true,
    })
    expect(await screen.findByText('Welcome Back')).toBeTruthy()
    expect(storeSessionToken).toHaveBeenCalledTimes(1)
    expect(goToDashboard).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Continue to your dashboard' }))
    expect(send).toHaveBeenLastCalledWith({ type: 'CONTINUE' })
    expect(goToDashboard).toHaveBeenCalledTimes(1)
  })

  it('shows Invalid Credentials, clears the passcode and keeps the focus there', async () => {
    await showLogin(undefined, signInCallOutcomes.invalidCredentials.output)
    submitEmail(email)
    const passcode = (await screen.findByLabelText('Passcode')) as HTMLInputElement
    fireEvent.input(passcode, { target: { value: '654321' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Credentials')
    await waitFor(() => expect(passcode.value).toBe(''))
    expect(document.activeElement).toBe(passcode)
  })

  it('goes back to step 1 with the e-mail kept and focused on Not you?', async () => {
    const { send } = await showLogin()
    submitEmail(email)
    fireEvent.click(await screen.findByRole('button', { name: 'Not you?' }))
    expect(send).toHaveBeenLastCalledWith({ type: 'CHANGE_EMAIL' })
    const field = (await screen.findByLabelText('E-mail address')) as HTMLInputElement
    expect(field.value).toBe(email)
    await waitFor(() => expect(document.activeElement).toBe(field))
  })

  it('tells the customer when the bank cannot be reached', async () => {
    await showLogin(identifyCallOutcomes.network.output)
    await act(async () => submitEmail(email))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the bank. Check your connection and try again.',
    )
  })
})
