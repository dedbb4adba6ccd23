import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { accountNoticeOutcomes } from '#dev/outcomes/notice.outcomes'
import { type NoticeResult, noticeMachine } from '#machines/notice.machine'
import { NoticeView } from '#routes/_signed-out/account/info/-components/notice-view'
import { fakeLogout } from '../machines/support/logout'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

async function showNotice(answer: NoticeResult) {
  const goToLogin = vi.fn()
  const clearStorage = vi.fn()
  const actor = createActor(
    noticeMachine.provide({
      actors: {
        accountNotice: fromPromise<NoticeResult>(async () => answer),
        signOut: fakeLogout(async () => ({ ok: true, data: { status: true } })),
      },
      actions: { goToLogin, clearStorage },
    }),
  ).start()
  const send = vi.spyOn(actor, 'send')
  await renderInRouter(() => <NoticeView actor={actor} />)
  return { send, goToLogin, clearStorage }
}

describe('account notice view', () => {
  it('shows the head and body, and Logout clears storage and goes to login', async () => {
    const { send, goToLogin, clearStorage } = await showNotice(accountNoticeOutcomes.notice.output)
    expect(await screen.findByRole('heading', { name: 'Account restricted' })).toBeTruthy()
    expect(screen.getByText(/Please contact support to lift the restriction/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }))
    expect(send).toHaveBeenCalledWith({ type: 'LOGOUT' })
    await vi.waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1))
    expect(clearStorage).toHaveBeenCalledTimes(1)
  })

  it('offers Try again when the notice cannot be read', async () => {
    const { send } = await showNotice(accountNoticeOutcomes.network.output)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the bank. Check your connection and try again.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(send).toHaveBeenCalledWith({ type: 'RETRY' })
  })
})
