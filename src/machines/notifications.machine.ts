import { assertEvent, assign, setup } from 'xstate'
import { answerMessage, refusalNotice } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { type Notice, successNotice } from '#api/notice'
import { appCall, appEffect, appEffects } from './app-provided'

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
 * "Mark all as read" is a separate server call still being built: it joins here as a
 * `MARK_ALL` event from `idle`, `marked` and `failed` into its own `markingAll` state and
 * `allAnswered` decision, ending in the same `marked` / `failed` states.
 */

export const notificationsMessages = {
  /** Spec 8, word for word. */
  marked: 'Marked as read',
  failed: 'Something went wrong!',
} as const

export type MarkResult = CallResult<'mnotificationar'>

export interface NotificationsContext {
  /** The notification being marked, or the last one sent. */
  markingId: string | null
  /** Marked in this visit: the view shows them read before the list reloads. */
  markedIds: readonly string[]
  /** The last answer of mnotificationar, as the client gave it. */
  answer: MarkResult | null
}

export type NotificationsEvent = { type: 'MARK'; id: string }

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    tags: {} as 'busy',
  },
  actors: { mnotificationar: appCall('mnotificationar') },
  guards: {
    isMarked: ({ context }) => context.answer?.ok === true && context.answer.data.status,
    isSessionEnded: ({ context }) =>
      context.answer?.ok === false && context.answer.reason === 'unauthorized',
  },
  actions: {
    keepMarkingId: assign(({ event }) => {
      assertEvent(event, 'MARK')
      return { markingId: event.id, answer: null }
    }),
    keepAnswer: assign((_, answer: MarkResult) => ({ answer })),
    keepMarked: assign(({ context }) => ({
      markedIds: context.markingId ? [...context.markedIds, context.markingId] : context.markedIds,
    })),
    // The toast and the reload are this flow's own effects, provided by its screen.
    notify: appEffect<Notice>(),
    refreshNotifications: appEffect(),
    ...appEffects,
  },
}).createMachine({
  id: 'notifications',
  description: 'Marking one notification as read (mnotificationar), with a toast either way.',
  context: { markingId: null, markedIds: [], answer: null },
  initial: 'idle',
  states: {
    idle: {
      id: 'notificationsIdle',
      meta: {
        description:
          "The list (or 'No notifications History'); each unread notification has Mark as read.",
      },
      on: { MARK: { target: 'marking', actions: 'keepMarkingId' } },
    },
    marking: {
      id: 'notificationsMarking',
      tags: ['busy'],
      meta: { description: 'mnotificationar is in flight; its button is busy, the others wait.' },
      invoke: {
        id: 'mnotificationar',
        src: 'mnotificationar',
        input: ({ context }) => ({ id: context.markingId ?? '' }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed' },
      },
    },
    answered: {
      id: 'notificationsAnswered',
      meta: { description: 'Decides on the answer of mnotificationar at once.' },
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
          "'Marked as read': the notification shows read; the list and the menu's unread count load again.",
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
      on: { MARK: { target: 'marking', actions: 'keepMarkingId' } },
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
      on: { MARK: { target: 'marking', actions: 'keepMarkingId' } },
    },
    leftForLogin: {
      id: 'notificationsLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: ['forgetSessionToken', 'goToLogin'],
    },
  },
})
