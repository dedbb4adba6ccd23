import type { StaffChangeResult } from '#machines/staff-change.machine'
import { clientFault, networkFailure } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What a change to the staff or to one's sessions can answer, by label. */

const result = (answer: StaffChangeResult) => answer

export const applyOutcomes = {
  done: {
    label: 'done',
    output: result({
      ok: true,
      data: { status: true, message: 'kim@meridian.example is disabled; 1 session ended.' },
    }),
  },
  refused: {
    label: 'refused by the server',
    output: result({
      ok: true,
      data: { status: false, message: 'At least one active admin must stay.' },
    }),
  },
  badField: {
    label: 'a field refused (400)',
    output: result({
      ok: false,
      reason: 'rejected',
      message: 'The roles must name at least one of support, kyc, payments.',
    }),
  },
  ended: {
    label: 'session ended (401)',
    output: result({
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    }),
  },
  network: networkFailure(),
  thrown: clientFault(),
} as const

export const outcomes: FlowOutcomes = { apply: Object.values(applyOutcomes) }
