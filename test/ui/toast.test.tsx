import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  clampToastDuration,
  maxToastDuration,
  minToastDuration,
  toastDurations,
} from '#ui/toast-durations'
import { dismissToast, toast } from '#ui/toast-store'
import { Toaster } from '#ui/toaster'

afterEach(cleanup)

describe('toast durations', () => {
  it('carries the spec constants', () => {
    expect(toastDurations).toEqual({
      default: 5000,
      pinCreation: 3000,
      confirmScreen: 2000,
      pinEntry: 15000,
    })
  })

  it('defaults to 5 s', () => {
    expect(clampToastDuration(undefined)).toBe(5000)
    expect(clampToastDuration(Number.NaN)).toBe(5000)
  })

  it('clamps to 2–15 s', () => {
    expect(clampToastDuration(500)).toBe(minToastDuration)
    expect(clampToastDuration(0)).toBe(2000)
    expect(clampToastDuration(60_000)).toBe(maxToastDuration)
    expect(clampToastDuration(Number.POSITIVE_INFINITY)).toBe(5000)
    expect(clampToastDuration(3000)).toBe(3000)
    expect(clampToastDuration(15000)).toBe(15000)
  })
})

describe('toasts', () => {
  it('shows a toast from anywhere and removes it when dismissed', () => {
    render(<Toaster />)
    let id = 0
    act(() => {
      id = toast({ type: 'error', message: 'Not Available in your region' })
    })
    expect(screen.getByText('Not Available in your region')).toBeTruthy()
    act(() => dismissToast(id))
    expect(screen.queryByText('Not Available in your region')).toBeNull()
  })
})
