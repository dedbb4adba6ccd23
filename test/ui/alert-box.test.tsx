import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AlertBox } from '#ui/alert-box'
import { toneOf } from '#ui/tone'

afterEach(cleanup)

describe('AlertBox', () => {
  it('shows a success message as success', () => {
    render(<AlertBox display type="success" msg="Action Successful!" />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Action Successful!')
    expect(alert.dataset.tone).toBe('success')
  })

  it('shows an error message as error', () => {
    render(<AlertBox display type="error" msg="Invalid Credentials" />)
    expect(screen.getByRole('alert').dataset.tone).toBe('error')
  })

  it('treats any other type as a warning', () => {
    render(<AlertBox display type="info" msg="Payment Pending!" />)
    expect(screen.getByRole('alert').dataset.tone).toBe('warning')
    expect(toneOf('')).toBe('warning')
    expect(toneOf(undefined)).toBe('warning')
    expect(toneOf('Success')).toBe('warning')
  })

  it('renders nothing when display is false', () => {
    render(<AlertBox display={false} type="error" msg="hidden" />)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
