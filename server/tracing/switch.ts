/**
 * Traces are on only when an OTLP endpoint is set (docs/decisions/116). This module imports
 * nothing of OpenTelemetry: with tracing off the SDK is never loaded, so it costs nothing at
 * start or per request. `startTracing` loads it (./sdk.ts) when wanted.
 */

/** Attribute values a span may carry: names, ids and counts, never a customer's data. */
export type SpanAttributes = Record<string, string | number | boolean>

/** How a request's span begins: the W3C trace context only as a trusted proxy sent it. */
export interface RequestSpanStart {
  method: string
  requestId: string
  traceparent?: string
  tracestate?: string
}

/** How it ends: its name (the call, or the route) and the answer's status. */
export interface RequestSpanEnd {
  name: string
  status: number
}

export interface Tracing {
  /** Runs `serve` inside a server span; `end` is read once it has finished. */
  serveRequest(
    start: RequestSpanStart,
    serve: () => Promise<void>,
    end: () => RequestSpanEnd,
  ): Promise<void>
  /** Runs `work` inside a span: a child of the current one, or a new trace's root. */
  inSpan<T>(
    name: string,
    options: { attributes?: SpanAttributes; root?: boolean; client?: boolean },
    work: () => Promise<T>,
  ): Promise<T>
  /** Sends what is waiting (for tests and for the stop). */
  flush(): Promise<void>
  shutdown(): Promise<void>
}

let active: Tracing | null = null

/** An OTEL_* setting the portal cannot use: said at start, as the other settings are. */
export class TracingSettingError extends Error {}

const endpointSettings = ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT']

/** Whether the settings ask for traces: an OTLP endpoint, and the SDK not switched off. */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  return (
    endpointSettings.some((name) => Boolean(env[name]?.trim())) &&
    env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true'
  )
}

/** A set endpoint that is no http(s) URL, named with the problem; else null. */
export function endpointProblem(env: NodeJS.ProcessEnv): string | null {
  for (const name of endpointSettings) {
    const value = env[name]?.trim()
    if (!value) continue
    const url = URL.canParse(value) ? new URL(value) : null
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
      return `${name}: must be an http:// or https:// URL of an OTLP collector (such as http://collector:4318)`
  }
  return null
}

/**
 * Starts the OpenTelemetry SDK when the settings ask for it, before the database driver is
 * first used (its instrumentation patches it); once per process.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (active || !tracingWanted(env)) return active
  const problem = endpointProblem(env)
  if (problem) throw new TracingSettingError(problem)
  const { startSdk } = await import('./sdk')
  active = startSdk()
  return active
}

/** The running tracing, or null when traces are off. */
export const activeTracing = (): Tracing | null => active

/** `work` in a span when tracing is on; just `work` when off. */
export function inSpan<T>(
  name: string,
  options: { attributes?: SpanAttributes; root?: boolean; client?: boolean },
  work: () => Promise<T>,
): Promise<T> {
  return active ? active.inSpan(name, options, work) : work()
}

/** Sends the spans still waiting and stops, giving up after `withinMs` (an endpoint away). */
export async function stopTracing(withinMs = 3_000): Promise<void> {
  const running = active
  if (!running) return
  active = null
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    running.shutdown().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, withinMs)
    }),
  ])
  clearTimeout(timer)
}
