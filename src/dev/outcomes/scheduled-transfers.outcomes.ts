import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What the scheduled transfers' calls (`trsskip`, `trscancel`) can answer (convention:
 * src/dev/outcomes/outcomes.ts).
 */
export const outcomes = {
  skipScheduledRun: [
    {
      label: 'skipped',
      output: {
        ok: true,
        data: {
          status: true,
          message: 'The transfer of 2026-12-05 is skipped; the others are still scheduled.',
        },
      },
    },
    {
      label: 'already made',
      output: {
        ok: true,
        data: { status: false, message: 'The transfer of that date was already made or skipped.' },
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
  cancelScheduledSeries: [
    {
      label: 'cancelled',
      output: {
        ok: true,
        data: {
          status: true,
          message:
            'The scheduled transfer is cancelled: none of its upcoming transfers will be made.',
        },
      },
    },
    {
      label: 'no longer active',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'This scheduled transfer is no longer active. The list is shown again.',
        },
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
