import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { CallResult } from '#api/client'
import { type SessionTimeResult, sessionTimeoutMachine } from '#machines/session-timeout.machine'
import { announcedCountdown, countdownText } from '#machines/session-timeout.words'
import { SessionTimeoutView } from '#routes/dashboard/-shared/layout/session-timeout-view'
import { fakeLogout } from '../machines/support/logout'

afterEach(cleanup)

const time = (remaining: number): SessionTimeResult => ({
  ok: true,
  data: {
    remainingSeconds: remaining,
    idleTimeoutSeconds: 300,
    expiresAt: '2026-11-23T08:00:00Z',
  },
})

/** The view over a machine whose first read says `remaining` seconds are left. */
async function showWarning(remaining: number, keepalive: Promise<CallResult<'keepAlive'>>) {
  const clock = new SimulatedClock()
  const calls: string[] = []
  const actor = createActor(
    sessionTimeoutMachine.provide({
      actors: {
        sessionStatus: fromPromise(async () => time(remaining)),
        keepAlive: fromPromise(() => {
          calls.push('keepAlive')
          return keepalive
        }),
        signOut: fakeLogout(async () => {
          calls.push('signOut')
          return { ok: true, data: { status: true } }
        }),
      },
    }),
    { clock },
  ).start()
  render(<SessionTimeoutView actor={actor} />)
  await screen.findByRole('alertdialog', { name: 'Are you still there?' })
  return { actor, clock, calls }
}

describe('session-timeout view', () => {
  it('tells screen readers the time left in 15-second steps', () => {
    expect(announcedCountdown(60)).toBe('You will be signed out in 1 minute.')
    expect(announcedCountdown(59)).toBe('You will be signed out in 1 minute.')
    expect(announcedCountdown(45)).toBe('You will be signed out in 45 seconds.')
    expect(announcedCountdown(31)).toBe('You will be signed out in 45 seconds.')
    expect(announcedCountdown(14)).toBe('You will be signed out in 15 seconds.')
    expect(countdownText(60)).toBe('1:00')
    expect(countdownText(9)).toBe('0:09')
  })

  it('shows the countdown, hidden from screen readers, which hear it politely', async () => {
    const { clock } = await showWarning(60, new Promise(() => {}))
    const dialog = screen.getByRole('alertdialog')
    expect(dialog.textContent).toContain('signed out after 5 minutes without activity')
    expect(screen.getByText('1:00').getAttribute('aria-hidden')).toBe('true')
    const live = screen.getByText('You will be signed out in 1 minute.')
    expect(live.getAttribute('aria-live')).toBe('polite')
    // Stay signed in has the focus: Enter keeps the customer signed in.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay signed in' }))
    for (let second = 0; second < 16; second++) clock.increment(1000)
    await screen.findByText('0:44')
    expect(live.textContent).toBe('You will be signed out in 45 seconds.')
  })

  it('Stay signed in calls keepalive and closes the dialog', async () => {
    const { calls } = await showWarning(60, Promise.resolve(time(300)))
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls).toEqual(['keepAlive'])
  })

  it('Escape counts as Stay signed in', async () => {
    const { calls } = await showWarning(60, Promise.resolve(time(300)))
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls).toEqual(['keepAlive'])
  })

  it('keeps the dialog with the network message when keepalive gets no answer', async () => {
    await showWarning(60, Promise.resolve({ ok: false, reason: 'network' }))
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }))
    await screen.findByText(/We could not reach the bank/)
    expect(screen.getByRole('alertdialog')).toBeTruthy()
  })

  it('Log out sends logout', async () => {
    const { calls, actor } = await showWarning(60, new Promise(() => {}))
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    expect(calls).toEqual(['signOut'])
  })
})
