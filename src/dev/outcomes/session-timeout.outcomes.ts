import {
  clientFault,
  loggedOut,
  networkFailure,
  sessionEnded,
  unexpectedAnswer,
} from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

const expiresAt = '2026-11-23T08:00:00.000Z'

/** A time-left answer of sessionstatus or keepalive with a 5-minute idle limit. */
const timeLeft = (label: string, remaining: number) =>
  ({
    label,
    output: {
      ok: true,
      data: { remainingSeconds: remaining, idleTimeoutSeconds: 300, expiresAt },
    },
  }) as const

/**
 * What `sessionstatus` and `keepalive` can answer, and what the logout sub-flow (invoked as
 * `logout`) ends with (convention: src/dev/outcomes/outcomes.ts).
 * The warning's answer has 2 s left, so a generated path meets the end of its countdown.
 */
export const outcomes = {
  sessionStatus: [
    timeLeft('4 minutes left', 240),
    timeLeft('2 s left: warning due', 2),
    timeLeft('0 left', 0),
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
  keepAlive: [
    timeLeft('kept alive: 5 minutes left', 300),
    sessionEnded(),
    networkFailure(),
    clientFault(),
  ],
  signOut: [loggedOut()],
} as const satisfies FlowOutcomes
