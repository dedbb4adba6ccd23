/**
 * The notice a flow must show after each outcome that fails the same way in every flow (see
 * src/machines/common-outcomes.ts): the server's words for a call it has not built yet, else
 * the flow's own fallback, by outcome label.
 */
export function failureNotices(
  actor: string,
  fallback: string,
): Record<string, { type: 'error'; message: string }> {
  return {
    'refused, no message': { type: 'error', message: fallback },
    'not built yet (501)': { type: 'error', message: `${actor} is not implemented yet` },
    'network failure': { type: 'error', message: fallback },
    'client fault': { type: 'error', message: fallback },
  }
}
