import { networkFailureMessage } from '#api/call-failure'
import type { Notice } from '#api/notice'

/**
 * The notice a flow must show after each outcome that fails the same way in every flow (see
 * src/dev/outcomes/common-outcomes.ts): the server's words for a call it has not built yet, the
 * one network message when there was no answer, else the flow's own fallback, by outcome label.
 */
export function failureNotices(actor: string, fallback: string): Record<string, Notice> {
  return {
    'refused, no message': { tone: 'error', message: fallback },
    'not built yet (501)': { tone: 'error', message: `${actor} is not implemented yet` },
    'network failure': { tone: 'error', message: networkFailureMessage },
    'client fault': { tone: 'error', message: fallback },
  }
}
