/**
 * `npm run bench:traces`: what traces cost the server's start. In fresh processes, with and
 * without OTEL_EXPORTER_OTLP_ENDPOINT, the time `startTracing` takes (loading and starting the
 * OpenTelemetry SDK, or deciding not to).
 * Settings: BENCH_RUNS (default 5). No collector is needed: nothing is exported before a span ends.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const runs = Number(process.env.BENCH_RUNS ?? 5)

if (process.argv[2] === '--child') {
  const { startTracing, stopTracing } = await import('#server/tracing/switch')
  const started = performance.now()
  const tracing = await startTracing(process.env)
  const ms = performance.now() - started
  console.log(JSON.stringify({ on: tracing !== null, ms }))
  await stopTracing(100)
} else {
  const self = fileURLToPath(import.meta.url)
  const measure = (env: NodeJS.ProcessEnv) =>
    JSON.parse(execFileSync('npx', ['tsx', self, '--child'], { env, encoding: 'utf8' }).trim()) as {
      on: boolean
      ms: number
    }
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _unset, ...off } = process.env
  for (const [label, env] of [
    ['off', off],
    ['on', { ...off, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }],
  ] as const) {
    const results = Array.from({ length: runs }, () => measure(env))
    const times = results.map((result) => result.ms).sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)] ?? 0
    console.log(
      `traces ${label}: startTracing median ${median.toFixed(1)} ms (min ${times[0]?.toFixed(1)}, max ${times.at(-1)?.toFixed(1)}) over ${runs} runs; SDK started: ${results.every((result) => result.on)}`,
    )
  }
}
