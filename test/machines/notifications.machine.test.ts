import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import type { Notice } from '#api/notice'
import { outcomes } from '#dev/outcomes/notifications.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  type MarkAllResult,
  type MarkResult,
  notificationsMachine,
} from '#machines/notifications.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const firstId = '7'
const secondId = '9'

// ---- the provided actions, recorded in order ----

const effects: string[] = []
const machine = notificationsMachine.provide({
  actions: {
    notify: (_, notice) => effects.push(`toast ${notice.tone}: ${notice.message}`),
    refreshNotifications: () => effects.push('refresh'),
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

/** The toast after each answer of mnotificationar that does not mark. */
const failureToast: Record<string, Notice> = {
  'refused: already read, missing or not yours': {
    tone: 'error',
    message: 'Something went wrong!',
  },
  'refused, no message': { tone: 'error', message: 'Something went wrong!' },
  'answer outside the contract': { tone: 'error', message: 'Something went wrong!' },
  'network failure': { tone: 'error', message: networkFailureMessage },
  'client fault': { tone: 'error', message: 'Something went wrong!' },
  'all refused, no message': { tone: 'error', message: 'Something went wrong!' },
}

describeMachinePaths(machine, {
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'MARK', id: firstId },
    { type: 'MARK', id: secondId },
    { type: 'MARK_ALL', ids: [firstId, secondId] },
  ],
  states: {
    idle: ({ context }: Snapshot) => {
      effects.length = 0
      expect(context).toEqual({ markingId: null, markedIds: [], markingAllIds: [], answer: null })
    },
    marking: ({ context }: Snapshot, { event, invocations }) => {
      expect(event.type).toBe('MARK')
      expect(context.markingId).toBe(event.type === 'MARK' ? event.id : null)
      expect(context.answer).toBeNull()
      expect(invocations.at(-1)).toEqual({
        src: 'markNotificationRead',
        id: 'markNotificationRead',
        input: { id: context.markingId },
      })
    },
    markingAll: ({ context }: Snapshot, { event, invocations }) => {
      expect(event.type).toBe('MARK_ALL')
      expect(context.markingId).toBeNull()
      expect(context.markingAllIds).toEqual([firstId, secondId])
      expect(context.answer).toBeNull()
      // The unread ones the list showed: one that arrives later stays unread.
      expect(invocations.at(-1)).toEqual({
        src: 'markNotificationsRead',
        id: 'markNotificationsRead',
        input: { ids: `${firstId},${secondId}` },
      })
    },
    marked: ({ context }: Snapshot, { event, previous }) => {
      const label = outcomeLabel(outcomes, event)
      if (event.type === 'xstate.done.actor.markNotificationsRead') {
        expect(['all marked as read', 'all marked, none was unread']).toContain(label)
        // Those the list showed unread show read, with those marked one by one before.
        expect(new Set(context.markedIds)).toEqual(
          new Set([...(previous?.context.markedIds ?? []), firstId, secondId]),
        )
        expect(context.markedIds).toHaveLength(new Set(context.markedIds).size)
      } else {
        expect(['marked as read', 'marked, no message']).toContain(label)
        expect(context.markedIds).toEqual([
          ...(previous?.context.markedIds ?? []),
          context.markingId,
        ])
      }
      expect(effects.slice(-2)).toEqual(['toast success: Marked as read', 'refresh'])
    },
    failed: ({ context }: Snapshot, { event, previous }) => {
      const toast = failureToast[outcomeLabel(outcomes, event)]
      expect(toast).toBeDefined()
      expect(effects.at(-1)).toBe(`toast ${toast?.tone}: ${toast?.message}`)
      // Nothing is shown read, and the list is not reloaded.
      expect(context.markedIds).toEqual(previous?.context.markedIds)
      const marks = effects.filter((effect) => effect === 'toast success: Marked as read').length
      expect(effects.filter((effect) => effect === 'refresh').length).toBe(marks)
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})

describe('marking notifications', () => {
  it('takes no Mark all when the list shows none unread, so nothing is marked', () => {
    let calls = 0
    const actor = createActor(
      notificationsMachine.provide({
        actors: {
          markNotificationsRead: fromPromise(async (): Promise<MarkAllResult> => {
            calls++
            return { ok: true, data: { status: true, message: '', marked: 0, unreadCount: 0 } }
          }),
        },
      }),
    ).start()
    actor.send({ type: 'MARK_ALL', ids: [] })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(calls).toBe(0)
    actor.stop()
  })

  it('marks one after another, each with its own id, and keeps both shown read', async () => {
    const sent: unknown[] = []
    const answer: MarkResult = {
      ok: true,
      data: { status: true, message: 'Marked as read', unreadCount: 0 },
    }
    const actor = createActor(
      notificationsMachine.provide({
        actors: {
          markNotificationRead: fromPromise(async ({ input }) => {
            sent.push(input)
            return answer
          }),
        },
      }),
    ).start()
    actor.send({ type: 'MARK', id: firstId })
    // A second press while the first is in flight is not a second call.
    actor.send({ type: 'MARK', id: secondId })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().value).toBe('marked')
    actor.send({ type: 'MARK', id: secondId })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual([{ id: firstId }, { id: secondId }])
    expect(actor.getSnapshot().context.markedIds).toEqual([firstId, secondId])
    actor.stop()
  })
})
