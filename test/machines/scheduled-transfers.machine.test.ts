import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { genericFailureMessage } from '#api/call-failure'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/scheduled-transfers.outcomes'
import { scheduledTransfersMachine } from '#machines/scheduled-transfers.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = scheduledTransfersMachine.provide({
  actions: { refreshList: () => effects.push('refresh'), ...recordSessionEnd(effects) },
})
type Snapshot = SnapshotFrom<typeof machine>

/** The notice after each outcome, by its label: the server's words, else the fallbacks. */
function noticeAfter(event: { type: string }): Notice {
  const actor = event.type.split('.').at(-1) ?? ''
  const label = outcomeLabel(outcomes, event)
  const output = (event as { output?: { ok?: boolean; data?: { message: string } } }).output
  if (output?.ok && output.data)
    return {
      tone: label === 'skipped' || label === 'cancelled' ? 'success' : 'error',
      message: output.data.message,
    }
  const byLabel: Record<string, Notice> = {
    'answer outside the contract': { tone: 'error', message: genericFailureMessage },
    ...failureNotices(actor, genericFailureMessage),
  }
  const notice = byLabel[label]
  if (!notice) throw new Error(`no notice expected after ${label}`)
  return notice
}

describeMachinePaths(machine, {
  events: () => [
    { type: 'SKIP', series: 7, day: '2026-12-05' },
    { type: 'CANCEL_SERIES', series: 7 },
    { type: 'CONFIRM' },
    { type: 'KEEP' },
    ...outcomeEvents(outcomes),
  ],
  states: {
    idle: ({ context }: Snapshot, { event, previous }) => {
      expect(context).toMatchObject({ series: null, day: null })
      if (event.type.startsWith('xstate.done.actor.')) {
        // Done, or refused because the day or the series changed meanwhile: read again.
        expect(effects.at(-1)).toBe('refresh')
        expect(context.notice).toEqual(noticeAfter(event))
      } else if (event.type.startsWith('xstate.error.actor.')) {
        expect(context.notice).toEqual({ tone: 'error', message: genericFailureMessage })
      } else {
        expect(context.notice).toBeNull()
        if (previous === undefined) effects.length = 0
        else expect(event.type).toBe('KEEP')
      }
    },
    skipping: ({ context }: Snapshot, { invocations }) => {
      expect(context.day).toBe('2026-12-05')
      expect(invocations.at(-1)).toEqual({
        src: 'skipScheduledRun',
        id: 'skipScheduledRun',
        input: { series: '7', day: '2026-12-05' },
      })
    },
    'confirmingCancel.asking': ({ context }: Snapshot) => {
      expect(context).toMatchObject({ series: 7, day: null, notice: null })
    },
    'confirmingCancel.failed': ({ context }: Snapshot, { event }) => {
      expect(context.series).toBe(7)
      expect(context.notice).toEqual(
        event.type.startsWith('xstate.error.actor.')
          ? { tone: 'error', message: genericFailureMessage }
          : noticeAfter(event),
      )
    },
    cancelling: ({ context }: Snapshot, { invocations }) => {
      expect(context.series).toBe(7)
      expect(invocations.at(-1)).toEqual({
        src: 'cancelScheduledSeries',
        id: 'cancelScheduledSeries',
        input: { series: '7' },
      })
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})
