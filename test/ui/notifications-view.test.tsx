import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { formatDayMonthYearTime } from '#api/day-month-year'
import {
  type MarkAllResult,
  type MarkResult,
  notificationsMachine,
} from '#machines/notifications.machine'
import {
  type Notification,
  NotificationsView,
} from '#routes/dashboard/notifications/-components/notifications-view'

afterEach(cleanup)

const unread: Notification = {
  id: '12',
  title: 'Transfer in progress',
  body: 'Your transfer is being processed.',
  wasRead: 'no',
  sentAt: '2026-03-07T14:05:00.000Z',
}
const read: Notification = {
  id: '3',
  title: 'Welcome',
  body: 'Your account is open.',
  wasRead: 'yes',
  sentAt: '2025-12-24T09:30:00.000Z',
}

function showNotifications(notifications: Notification[], answer: Promise<MarkResult>) {
  const sent: unknown[] = []
  const notify = vi.fn()
  const refreshNotifications = vi.fn()
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        markNotificationRead: fromPromise(({ input }) => {
          sent.push(input)
          return answer
        }),
      },
      actions: { notify, refreshNotifications },
    }),
  ).start()
  render(<NotificationsView actor={actor} notifications={notifications} />)
  return { sent, notify, refreshNotifications }
}

describe('notifications view', () => {
  it('shows when each was sent: the day as dd/mm/yyyy, then the time', () => {
    showNotifications([unread, read], new Promise(() => {}))
    const times = [...document.querySelectorAll('time')]
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual([unread.sentAt, read.sentAt])
    expect(times.map((time) => time.textContent)).toEqual([
      formatDayMonthYearTime(unread.sentAt),
      formatDayMonthYearTime(read.sentAt),
    ])
    expect(times[0]?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}/)
  })

  it("says 'No notifications History' when there are none", () => {
    showNotifications([], new Promise(() => {}))
    expect(screen.getByText('No notifications History')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers Mark as read on unread ones only, busy while it runs, then shows it read', async () => {
    let answer: (result: MarkResult) => void = () => {}
    const { sent, notify, refreshNotifications } = showNotifications(
      [unread, read],
      new Promise((resolve) => {
        answer = resolve
      }),
    )
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent)
    expect(headings).toEqual(['Transfer in progressUnread', 'Welcome'])
    const mark = screen.getByRole('button', { name: 'Mark as read' })
    expect(mark.getAttribute('aria-describedby')).toBe('notification-12')
    fireEvent.click(mark)
    expect(sent).toEqual([{ id: '12' }])
    expect(screen.getByRole('button', { name: 'Please wait…' }).hasAttribute('disabled')).toBe(true)
    answer({ ok: true, data: { status: true, message: 'Marked as read', unreadCount: 0 } })
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull())
    expect(screen.queryByText('Unread')).toBeNull()
    expect(notify).toHaveBeenCalledWith(expect.anything(), {
      tone: 'success',
      message: 'Marked as read',
    })
    expect(refreshNotifications).toHaveBeenCalledTimes(1)
  })

  it('keeps it unread with the button back when marking fails', async () => {
    const { notify, refreshNotifications } = showNotifications(
      [unread],
      Promise.resolve({ ok: true, data: { status: false, message: '', unreadCount: 1 } }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }))
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(expect.anything(), {
        tone: 'error',
        message: 'Something went wrong!',
      }),
    )
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeTruthy()
    expect(screen.getByText('Unread')).toBeTruthy()
    expect(refreshNotifications).not.toHaveBeenCalled()
  })
})

describe('mark all as read', () => {
  const second: Notification = { ...unread, id: '14', title: 'Deposit received' }

  function showWithMarkAll(answer: Promise<MarkAllResult>) {
    const inputs: unknown[] = []
    const refreshNotifications = vi.fn()
    const notify = vi.fn()
    const actor = createActor(
      notificationsMachine.provide({
        actors: {
          markNotificationsRead: fromPromise(({ input }) => {
            inputs.push(input)
            return answer
          }),
        },
        actions: { notify, refreshNotifications },
      }),
    ).start()
    const view = render(<NotificationsView actor={actor} notifications={[unread, second, read]} />)
    return { calls: () => inputs.length, inputs, refreshNotifications, notify, actor, view }
  }

  it('offers it with the unread count, and shows every notification read once it has marked', async () => {
    const { calls, refreshNotifications, notify } = showWithMarkAll(
      Promise.resolve({
        ok: true,
        data: { status: true, message: 'Marked as read', marked: 2, unreadCount: 0 },
      }),
    )
    expect(screen.getByText('2 unread')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }))
    expect(calls()).toBe(1)
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull())
    expect(screen.queryByText('Unread')).toBeNull()
    expect(screen.queryByText('2 unread')).toBeNull()
    expect(refreshNotifications).toHaveBeenCalledTimes(1)
    expect(notify).toHaveBeenCalledWith(expect.anything(), {
      tone: 'success',
      message: 'Marked as read',
    })
  })

  it('marks the unread ones the list showed; one that arrives later shows unread', async () => {
    const { inputs, actor, view } = showWithMarkAll(
      Promise.resolve({
        ok: true,
        data: { status: true, message: 'Marked as read', marked: 2, unreadCount: 0 },
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }))
    expect(inputs).toEqual([{ ids: '12,14' }])
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull())
    // The list reloads after the mark, now with a notification that came in meanwhile.
    const later: Notification = { ...unread, id: '21', title: 'Transfer settled' }
    view.rerender(<NotificationsView actor={actor} notifications={[later, unread, second, read]} />)
    expect(screen.getAllByText('Unread')).toHaveLength(1)
    expect(screen.getByText('1 unread')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeTruthy()
  })

  it('disables every button while it runs, and leaves them unread when it fails', async () => {
    let answer: (result: MarkAllResult) => void = () => {}
    const { refreshNotifications } = showWithMarkAll(
      new Promise((resolve) => {
        answer = resolve
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }))
    for (const button of screen.getAllByRole('button')) {
      expect(button.hasAttribute('disabled')).toBe(true)
    }
    answer({ ok: false, reason: 'network' })
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled'),
      ).toBe(false),
    )
    expect(screen.getAllByText('Unread')).toHaveLength(2)
    expect(refreshNotifications).not.toHaveBeenCalled()
  })
})
