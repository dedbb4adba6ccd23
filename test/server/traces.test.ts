import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverDueMail } from '#server/mail/delivery'
import { enqueueMail } from '#server/mail/outbox'
import { createSmtpTransport } from '#server/mail/transport'
import { registry } from '#server/metrics/registry'
import {
  activeTracing,
  endpointProblem,
  startTracing,
  stopTracing,
  type Tracing,
  tracingWanted,
} from '#server/tracing/switch'
import { ensureTestMailKey } from './support/mail-key'
import { jane, newKey, payingCustomer } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/** A span as OTLP/HTTP's JSON encoding gives it (ids in hex). */
interface ReceivedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: Record<string, unknown> }[]
}

const serverKind = 2
const clientKind = 3

/**
 * A small OTLP/HTTP collector: keeps the spans of each POST /v1/traces; when `hang` it leaves
 * exports unanswered (until released), as a collector that is away or stuck.
 */
async function startCollector() {
  const spans: ReceivedSpan[] = []
  const held: ServerResponse[] = []
  const collector = {
    spans,
    hang: false,
    held,
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end()
        return
      }
      if (collector.hang) {
        held.push(response)
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []))
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  collector.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return collector
}

/** A real SMTP server on loopback that accepts every message. */
async function startSmtpServer() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => callback())
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  }
}

const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value
  return value === undefined ? undefined : Object.values(value)[0]
}

const dropped = async (reason: string) =>
  (await registry.getSingleMetric('portal_trace_spans_dropped_total')?.get())?.values.find(
    (sample) => sample.labels.reason === reason,
  )?.value ?? 0

const otelSettings = {
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_SERVICE_NAME: 'portal-test',
  OTEL_BSP_SCHEDULE_DELAY: '50',
  OTEL_BSP_MAX_QUEUE_SIZE: '100',
  OTEL_EXPORTER_OTLP_TIMEOUT: '5000',
}

describe('the traces settings', () => {
  it('are on only with an OTLP endpoint, and refuse one that is no http(s) URL', () => {
    expect(tracingWanted({})).toBe(false)
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false)
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true)
    expect(
      tracingWanted({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'true',
      }),
    ).toBe(false)
    expect(endpointProblem({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector:4318' })).toBeNull()
    expect(endpointProblem({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toMatch(
      /^OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/,
    )
    expect(endpointProblem({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' })).toMatch(
      /^OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: must be/,
    )
  })
})

/** Traces over OTLP (docs/decisions/116); the PostgreSQL driver is the one instrumented. */
describe.skipIf(!process.env.DATABASE_URL)('traces', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>
  let tracing: Tracing
  let t: TestApp
  const proxy = '10.1.2.3'
  beforeAll(async () => {
    collector = await startCollector()
    Object.assign(process.env, otelSettings, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url })
    const started = await startTracing(process.env)
    if (!started) throw new Error('tracing did not start')
    tracing = started
    t = await startTestApp('postgres', { trustProxy: { networks: ['10.0.0.0/8'] } })
  })
  afterAll(async () => {
    await t?.close()
    await stopTracing()
    for (const name of [...Object.keys(otelSettings), 'OTEL_EXPORTER_OTLP_ENDPOINT'])
      delete process.env[name]
    await collector?.close()
  })

  /** The spans received once everything ended so far has been sent. */
  const received = async () => {
    await tracing.flush()
    return collector.spans
  }

  it('gives a transfer one span named by its call, with its statements as children and nothing personal', async () => {
    const customer = await payingCustomer(t, 500_00)
    const calls = transferCalls(() => t)
    const authorization = await calls.authorize(customer, '123.45')
    const sent = await calls.send(customer, authorization, newKey(), '123.45')
    expect(sent.body.icon, JSON.stringify(sent.body)).toBe('success')

    const spans = await received()
    const transfer = spans.find((span) => span.name === 'submitTransfer')
    if (!transfer) throw new Error(`no submitTransfer span in ${spans.map((s) => s.name)}`)
    expect(transfer.kind).toBe(serverKind)
    expect(transfer.parentSpanId ?? '').toBe('')
    expect(attribute(transfer, 'portal.request_id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(attribute(transfer, 'http.response.status_code')).toBe(200)
    const statements = spans.filter(
      (span) => span.traceId === transfer.traceId && span.parentSpanId === transfer.spanId,
    )
    const sqlTexts = statements
      .map((span) => attribute(span, 'db.statement') ?? attribute(span, 'db.query.text'))
      .filter((text): text is string => typeof text === 'string')
    // The session check, then the transfer: one statement calling the ledger's function.
    expect(sqlTexts).toHaveLength(statements.length)
    expect(sqlTexts.length).toBeGreaterThanOrEqual(2)
    expect(sqlTexts.some((text) => /transfer_submit_v\d+\(\$1/.test(text))).toBe(true)

    const inTrace = spans.filter((span) => span.traceId === transfer.traceId)
    const values = JSON.stringify(
      inTrace.flatMap((span) => span.attributes.filter((a) => a.key !== 'portal.request_id')),
    )
    for (const personal of [
      customer.email,
      customer.token,
      jane.accountHolderName,
      jane.accountNumber,
      '123.45',
      '12345',
      '2468',
      'Rent',
    ])
      expect(values).not.toContain(personal)
  })

  it("continues the trusted proxy's trace, and begins a new one for anyone else or a malformed traceparent", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
    const parentId = '00f067aa0ba902b7'
    const traceparent = `00-${traceId}-${parentId}-01`
    const identify = (address: string, header: string) =>
      t
        .as({ address, headers: { traceparent: header } })
        .crud('identifyCustomer', { email: 'nobody@example.com' })
    await identify(proxy, traceparent)
    await identify('192.0.2.9', traceparent)
    const malformed = '00-zzzz-not-a-trace-context'
    await identify(proxy, malformed)

    const spans = (await received()).filter(
      (span) => span.name === 'identifyCustomer' && span.kind === serverKind,
    )
    expect(spans).toHaveLength(3)
    const [fromProxy, fromStranger, fromMalformed] = spans
    expect(fromProxy).toMatchObject({ traceId, parentSpanId: parentId })
    for (const span of [fromStranger, fromMalformed]) {
      expect(span?.traceId).not.toBe(traceId)
      expect(span?.parentSpanId ?? '').toBe('')
    }
    expect(t.logLines.join('\n')).not.toContain('zzzz')
  })

  it('traces a delivery to SMTP as a trace of its own, without the recipient', async () => {
    ensureTestMailKey()
    const smtp = await startSmtpServer()
    try {
      const before = collector.spans.length
      await enqueueMail(
        t.db,
        { to: 'priya@x.example', subject: 'Your code', text: 'Use 654321' },
        t.clock.now(),
      )
      const outcome = await deliverDueMail(
        t.db,
        createSmtpTransport(smtp.url, 'Bank <no-reply@bank.example>'),
        t.clock.now,
      )
      expect(outcome.failed).toBe(0)
      const spans = (await received()).slice(before)
      const delivery = spans.find((span) => span.name === 'mail delivery')
      const send = spans.find((span) => span.name === 'smtp send')
      if (!delivery || !send) throw new Error(`no delivery spans in ${spans.map((s) => s.name)}`)
      expect(delivery.parentSpanId ?? '').toBe('')
      expect(send).toMatchObject({
        traceId: delivery.traceId,
        parentSpanId: delivery.spanId,
        kind: clientKind,
      })
      const values = JSON.stringify(spans.map((span) => span.attributes))
      expect(values).not.toContain('priya')
      expect(values).not.toContain('654321')
    } finally {
      await smtp.close()
    }
  })

  it('answers at once while the collector hangs, and counts the spans it loses', async () => {
    const queueFullBefore = await dropped('queue_full')
    const failedBefore = await dropped('export_failed')
    collector.hang = true
    // Calls until spans are lost: the queue (100) fills while the collector holds the exports,
    // or the exporter gives up on exports it cannot send; how soon depends on the machine.
    const lost = async () =>
      (await dropped('queue_full')) -
      queueFullBefore +
      (await dropped('export_failed')) -
      failedBefore
    const answers = []
    while (answers.length < 2_000 && (await lost()) === 0)
      answers.push(await t.crud('identifyCustomer', { email: 'nobody@example.com' }))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    // Every answer came while an export was still unanswered: none waited for it.
    expect(collector.held.length).toBeGreaterThan(0)
    expect(await lost()).toBeGreaterThan(0)
    const failedWhileHeld = await dropped('export_failed')

    collector.hang = false
    for (const response of collector.held.splice(0)) response.writeHead(400).end()
    await tracing.flush()
    expect(await dropped('export_failed')).toBeGreaterThan(failedWhileHeld)
    expect(activeTracing()).toBe(tracing)
  })
})
