import pino, { type DestinationStream, type Logger } from 'pino'
import { currentRequest } from './request-context'
import { safeError } from './safe-error'

/**
 * Structured logs (pino, one JSON object a line). Fields that carry secrets or personal data are
 * replaced by "[redacted]" wherever they appear (top level or one or two levels down), by the
 * wire's name and the code's (`first_name`, `firstName`: docs/decisions/071), and
 * errors go through `safeError`, so a failed query never writes its parameters.
 */
const sensitiveFields = [
  'password',
  'passcode',
  'new_password',
  'c_pwd',
  'n_pwd',
  'con_pwd',
  'pin',
  'code',
  'ver_code',
  'verificationCode',
  'reset_code',
  'resetCode',
  'newSecret',
  'token',
  'jwt',
  'authorization',
  'cookie',
  'email',
  'recipient',
  'to',
  'first_name',
  'last_name',
  'firstName',
  'lastName',
  'fullname',
  'phone',
  'home_address',
  'homeAddress',
  'params',
]

export const redactedPaths = sensitiveFields.flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
])

/** pino's levels, for LOG_LEVEL. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/**
 * A logger writing to stdout, or to `destination` (a stream, or a function given each line).
 * A line written while a request is served carries its `requestId`.
 */
export function createLogger(
  destination?: DestinationStream | ((line: string) => void),
  level: LogLevel = 'info',
): Logger {
  const stream =
    typeof destination === 'function'
      ? { write: (chunk: string) => destination(chunk.trimEnd()) }
      : destination
  return pino(
    {
      base: undefined,
      level,
      mixin: () => {
        const request = currentRequest()
        return request ? { requestId: request.requestId } : {}
      },
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: { err: safeError },
    },
    stream ?? pino.destination(1),
  )
}

export type { Logger }
