/**
 * What a log may say about an error. A failed query's message and stack repeat its parameters
 * (passcode hashes, e-mails, names) and PostgreSQL's `detail` quotes the offending values, so a
 * database error is logged by its SQL text (placeholders only), SQLSTATE (`sqlState`: `code` is a redacted field name) and the names of
 * the constraint, table and column; values quoted in its message are blanked.
 */
interface DatabaseFailure {
  code?: string
  constraint?: string
  table?: string
  column?: string
  message?: string
}

const stackFrames = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .map((line) => line.trim())

const blankQuotedValues = (message: string) =>
  message.replace(/"[^"]*"/g, '"…"').replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)')

function databaseFailureIn(error: unknown): DatabaseFailure | null {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const candidate = cause as DatabaseFailure & { cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate
    cause = candidate.cause
  }
  return null
}

/** `safeError` as one short line, for the places that log text. */
export function safeErrorText(error: unknown): string {
  const safe = safeError(error)
  return [safe.type, safe.sqlState, safe.message, safe.query]
    .filter((part) => typeof part === 'string')
    .join(': ')
    .slice(0, 500)
}

export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error }
  const query = (error as { query?: unknown }).query
  const failure = databaseFailureIn(error)
  if (typeof query === 'string' || failure) {
    return {
      type: 'DatabaseError',
      query: typeof query === 'string' ? query : undefined,
      sqlState: failure?.code,
      constraint: failure?.constraint,
      table: failure?.table,
      column: failure?.column,
      message: failure?.message ? blankQuotedValues(failure.message) : undefined,
      stack: stackFrames(error),
    }
  }
  return { type: error.name, message: error.message, stack: stackFrames(error) }
}
