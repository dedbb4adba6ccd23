/**
 * The OpenTelemetry SDK, loaded only when traces are on (./switch.ts). The official Node SDK
 * with the standard OTEL_* settings (service name, resource attributes, sampler, BSP limits,
 * OTLP endpoint, headers, timeout, protocol), one batch span processor whose losses are
 * counted, and the PostgreSQL driver's instrumentation without statement parameters.
 */
import { createRequire } from 'node:module'
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { api, core, NodeSDK, tracing } from '@opentelemetry/sdk-node'
import { traceSpansDroppedTotal } from '../metrics/registry'
import type { RequestSpanEnd, RequestSpanStart, SpanAttributes, Tracing } from './switch'

const { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } = api

/** http/protobuf unless OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL says http/json (grpc is not offered). */
function exporterFromSettings(): tracing.SpanExporter {
  const protocol = (
    core.getStringFromEnv('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ??
    core.getStringFromEnv('OTEL_EXPORTER_OTLP_PROTOCOL') ??
    'http/protobuf'
  ).trim()
  if (protocol === 'http/json') return new JsonTraceExporter()
  if (protocol !== 'http/protobuf')
    console.error(
      `[portal] traces: OTLP protocol "${protocol}" is not offered; using http/protobuf`,
    )
  return new ProtobufTraceExporter()
}

/** The exporter, counting the spans of batches it could not deliver, and each batch taken. */
class CountedExport implements tracing.SpanExporter {
  constructor(
    private readonly exporter: tracing.SpanExporter,
    private readonly taken: (spans: number) => void,
  ) {}

  export(spans: tracing.ReadableSpan[], done: (result: core.ExportResult) => void) {
    this.taken(spans.length)
    this.exporter.export(spans, (result) => {
      if (result.code !== core.ExportResultCode.SUCCESS)
        traceSpansDroppedTotal.inc({ reason: 'export_failed' }, spans.length)
      done(result)
    })
  }

  shutdown() {
    return this.exporter.shutdown()
  }

  forceFlush() {
    return this.exporter.forceFlush?.() ?? Promise.resolve()
  }
}

/**
 * The batch span processor, counting the spans it drops when its queue is full: it keeps no
 * public count, so the queue is mirrored here (sampled spans in, batches out).
 */
class CountedBatches implements tracing.SpanProcessor {
  private queued = 0
  private readonly batches: tracing.BatchSpanProcessor

  constructor(
    exporter: tracing.SpanExporter,
    private readonly maxQueueSize: number,
  ) {
    const counted = new CountedExport(exporter, (spans) => {
      this.queued = Math.max(0, this.queued - spans)
    })
    this.batches = new tracing.BatchSpanProcessor(counted, { maxQueueSize })
  }

  onStart(span: tracing.Span, parent: api.Context) {
    this.batches.onStart(span, parent)
  }

  onEnd(span: tracing.ReadableSpan) {
    if (span.spanContext().traceFlags & TraceFlags.SAMPLED) {
      if (this.queued >= this.maxQueueSize) traceSpansDroppedTotal.inc({ reason: 'queue_full' })
      else this.queued++
    }
    this.batches.onEnd(span)
  }

  forceFlush() {
    return this.batches.forceFlush()
  }

  shutdown() {
    return this.batches.shutdown()
  }
}

export function startSdk(): Tracing {
  const maxQueueSize = core.getNumberFromEnv('OTEL_BSP_MAX_QUEUE_SIZE') ?? 2048
  const batches = new CountedBatches(exporterFromSettings(), maxQueueSize)
  const sdk = new NodeSDK({
    spanProcessors: [batches],
    instrumentations: [
      new PgInstrumentation({
        // The SQL text only (this code sends values as $n parameters), never the values.
        enhancedDatabaseReporting: false,
        // Statements outside a request or a traced job (the jobs' polling) make no traces.
        requireParentSpan: true,
        addSqlCommenterCommentToQueries: false,
      }),
    ],
  })
  sdk.start()
  // The server imports pg as an ES module, which the instrumentation's require hook does not
  // see; requiring it here, once the hook is in, patches the one shared copy in place.
  const require = createRequire(import.meta.url)
  require('pg')
  const tracer = trace.getTracer('portal')

  return {
    async serveRequest(start: RequestSpanStart, serve, end: () => RequestSpanEnd) {
      const carrier: Record<string, string> = {}
      if (start.traceparent !== undefined) carrier.traceparent = start.traceparent
      if (start.tracestate !== undefined) carrier.tracestate = start.tracestate
      // A malformed traceparent is no parent: the request begins a new trace.
      const parent = propagation.extract(ROOT_CONTEXT, carrier)
      const span = tracer.startSpan(
        start.method,
        {
          kind: SpanKind.SERVER,
          attributes: { 'portal.request_id': start.requestId, 'http.request.method': start.method },
        },
        parent,
      )
      try {
        await context.with(trace.setSpan(parent, span), serve)
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR })
        throw error
      } finally {
        const { name, status } = end()
        span.updateName(name)
        span.setAttribute('http.response.status_code', status)
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
        span.end()
      }
    },
    inSpan(name, options: { attributes?: SpanAttributes; root?: boolean; client?: boolean }, work) {
      return tracer.startActiveSpan(
        name,
        {
          kind: options.client ? SpanKind.CLIENT : SpanKind.INTERNAL,
          attributes: options.attributes,
          root: options.root,
        },
        async (span) => {
          try {
            return await work()
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR })
            throw error
          } finally {
            span.end()
          }
        },
      )
    },
    flush: () => batches.forceFlush(),
    shutdown: () => sdk.shutdown(),
  }
}
