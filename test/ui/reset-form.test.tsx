import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { initialContext, type ResetEvent } from '#machines/reset-rules'
import { ResetForm, type ResetFormProps } from '#routes/-components/reset-form'

afterEach(cleanup)

function draw(props: Partial<ResetFormProps> = {}) {
  const send = vi.fn<(event: ResetEvent) => void>()
  render(
    <ResetForm
      context={initialContext({ secret: 'passcode' })}
      busy={false}
      redirecting={false}
      destination="sign in"
      send={send}
      {...props}
    />,
  )
  return send
}

describe('ResetForm', () => {
  it('asks for e-mail, the code in cells and the new passcode twice on the index screen', () => {
    const send = draw({ onSendNewCode: vi.fn() })
    expect(screen.getByRole('heading', { name: 'Reset your passcode' })).toBeTruthy()
    expect(screen.getByLabelText('E-mail address')).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Code from the e-mail' })).toBeTruthy()
    expect(screen.getAllByLabelText(/^Digit \d of 6$/)).toHaveLength(6)
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('New passcode'), { target: { value: '12' } })
    expect(send).toHaveBeenCalledWith({ type: 'CHANGE', field: 'secret', value: '12' })
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), {
      clipboardData: { getData: () => '654321' },
    })
    expect(send).toHaveBeenCalledWith({ type: 'CODE_CHANGED', code: '654321' })
    fireEvent.click(screen.getByRole('button', { name: 'Reset passcode' }))
    expect(send).toHaveBeenLastCalledWith({ type: 'SUBMIT' })
  })

  it('asks only for the new PIN when the link carried the e-mail and the code', () => {
    draw({ context: initialContext({ secret: 'pin', email: 'ada@example.com', code: '123456' }) })
    expect(screen.getByRole('heading', { name: 'Reset your PIN' })).toBeTruthy()
    expect(screen.queryByLabelText('E-mail address')).toBeNull()
    expect(screen.queryByRole('group', { name: 'Code from the e-mail' })).toBeNull()
    expect(screen.getByText('ada@example.com')).toBeTruthy()
    expect((screen.getByLabelText('New PIN') as HTMLInputElement).maxLength).toBe(4)
    expect(screen.getByLabelText('Confirm PIN')).toBeTruthy()
  })

  it('shows the rule messages under the fields', () => {
    const context = initialContext({ email: 'ada@example.com', code: '123456' })
    draw({
      context: { ...context, errors: { confirmSecret: 'Password Mismatch' }, showErrors: true },
    })
    expect(screen.getByText('Password Mismatch')).toBeTruthy()
    expect(screen.getByLabelText('Confirm passcode').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows the message with Continue once reset', () => {
    const context = initialContext({})
    const send = draw({
      redirecting: true,
      context: { ...context, alert: { tone: 'success', message: 'Password changed' } },
    })
    expect(screen.getByRole('alert').textContent).toContain('Password changed')
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign in' }))
    expect(send).toHaveBeenCalledWith({ type: 'CONTINUE' })
  })
})
