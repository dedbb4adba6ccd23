import { t } from '@lingui/core/macro'
import { assertEvent, assign, setup } from 'xstate'
import { answerMessage, refusalNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { type Notice, successNotice } from '#api/notice'
import { appCall, appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * Marking a notification as read (spec sections 2 and 8): an unread notification has a
 * "Mark as read" button; `mnotificationar` marks it, and a toast says 'Marked as read' or
 * 'Something went wrong!' (no answer at all: the one network message). Once marked, the
 * screen's `refreshNotifications` loads the list and the side menu's unread count again from
 * the server, so both follow at once (docs/decisions/040-notifications-unread-count.md).
 *
 * The list itself is read-only data that the route's loader reads (`getnotifications`); this
 * machine only marks. One mark runs at a time: the other buttons wait while it is in flight.
 *
 * "Mark all as read" (`mnotificationsallar`) is a `MARK_ALL` event from `idle`, `marked` and
 * `failed` into its own `markingAll` state and `allAnswered` decision, ending in the same
 * `marked` / `failed` states. The event carries the unread ids the list shows (none: the event
 * is not taken); the call marks those, and once it has, they show read. One that arrives later
 * (the list reloads after every mark) stays unread.
 */

export const notificationsMessages = {
  /** Spec 8, word for word. */
  get marked() {
    return t`Marked as read`
  },
  get failed() {
    return t`Something went wrong!`
  },
} as const

export type MarkResult = CallResult<'markNotificationRead'>
export type MarkAllResult = CallResult<'markNotificationsRead'>

export interface NotificationsContext {
  /** The notification being marked, or the last one sent. */
  markingId: string | null
  /** Marked in this visit: the view shows them read before the list reloads. */
  markedIds: readonly string[]
  /** The unread ids the list showed when "Mark all as read" was pressed last. */
  markingAllIds: readonly string[]
  /** The last answer of mnotificationar or mnotificationsallar, as the client gave it. */
  answer: MarkResult | MarkAllResult | null
}

export type NotificationsEvent =
  | { type: 'MARK'; id: string }
  | { type: 'MARK_ALL'; ids: readonly string[] }

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    tags: {} as 'busy',
  },
  actors: {
    markNotificationRead: appCall('markNotificationRead'),
    markNotificationsRead: appCall('markNotificationsRead'),
  },
  guards: {
    isMarked: ({ context }) => context.answer?.ok === true && context.answer.data.status,
    isSessionEnded,
    showsUnread: ({ event }) => event.type === 'MARK_ALL' && event.ids.length > 0,
  },
  actions: {
    keepMarkingId: assign(({ event }) => {
      assertEvent(event, 'MARK')
      return { markingId: event.id, answer: null }
    }),
    keepMarkingAll: assign(({ event }) => {
      assertEvent(event, 'MARK_ALL')
      return { markingId: null, markingAllIds: event.ids, answer: null }
    }),
    keepAnswer: assign((_, answer: MarkResult | MarkAllResult) => ({ answer })),
    keepAllMarked: assign(({ context }) => ({
      markedIds: [...new Set([...context.markedIds, ...context.markingAllIds])],
    })),
    keepMarked: assign(({ context }) => ({
      markedIds: context.markingId ? [...context.markedIds, context.markingId] : context.markedIds,
    })),
    // The toast and the reload are this flow's own effects, provided by its screen.
    notify: appEffect<Notice>(),
    refreshNotifications: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'notifications',
  description: 'Marking one notification as read (markNotificationRead), with a toast either way.',
  context: { markingId: null, markedIds: [], markingAllIds: [], answer: null },
  initial: 'idle',
  states: {
    idle: {
      id: 'notificationsIdle',
      meta: {
        description:
          "The list (or 'No notifications History'); each unread notification has Mark as read.",
      },
      on: {
        MARK: { target: 'marking', actions: 'keepMarkingId' },
        MARK_ALL: { guard: 'showsUnread', target: 'markingAll', actions: 'keepMarkingAll' },
      },
    },
    marking: {
      id: 'notificationsMarking',
      tags: ['busy'],
      meta: {
        description: 'markNotificationRead is in flight; its button is busy, the others wait.',
      },
      invoke: {
        id: 'markNotificationRead',
        src: 'markNotificationRead',
        input: ({ context }) => ({ id: context.markingId ?? '' }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed' },
      },
    },
    markingAll: {
      id: 'notificationsMarkingAll',
      tags: ['busy'],
      meta: {
        description:
          'markNotificationsRead is in flight; Mark all as read is busy, the others wait.',
      },
      invoke: {
        id: 'markNotificationsRead',
        src: 'markNotificationsRead',
        input: ({ context }) => ({ ids: context.markingAllIds.join(',') }),
        onDone: {
          target: 'allAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed' },
      },
    },
    allAnswered: {
      id: 'notificationsAllAnswered',
      meta: { description: 'Decides on the answer of markNotificationsRead at once.' },
      always: [
        { guard: 'isMarked', target: 'marked', actions: 'keepAllMarked' },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: 'failed' },
      ],
    },
    answered: {
      id: 'notificationsAnswered',
      meta: { description: 'Decides on the answer of markNotificationRead at once.' },
      always: [
        { guard: 'isMarked', target: 'marked', actions: 'keepMarked' },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: 'failed' },
      ],
    },
    marked: {
      id: 'notificationsMarked',
      meta: {
        description:
          "'Marked as read': the notification (or, after Mark all, every one the list showed unread) shows read; the list and the menu's unread count load again.",
      },
      entry: [
        {
          type: 'notify',
          params: ({ context }) =>
            successNotice(
              answerMessage(
                context.answer?.ok ? context.answer.data.message : '',
                notificationsMessages.marked,
              ),
            ),
        },
        'refreshNotifications',
      ],
      on: {
        MARK: { target: 'marking', actions: 'keepMarkingId' },
        MARK_ALL: { guard: 'showsUnread', target: 'markingAll', actions: 'keepMarkingAll' },
      },
    },
    failed: {
      id: 'notificationsFailed',
      meta: {
        description:
          "'Something went wrong!' (the server's words when it gave any; no answer: the network message); the notification stays unread.",
      },
      entry: {
        type: 'notify',
        params: ({ context }) => refusalNotice(context.answer, notificationsMessages.failed),
      },
      on: {
        MARK: { target: 'marking', actions: 'keepMarkingId' },
        MARK_ALL: { guard: 'showsUnread', target: 'markingAll', actions: 'keepMarkingAll' },
      },
    },
    leftForLogin: {
      id: 'notificationsLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
