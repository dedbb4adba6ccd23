import { performance } from 'node:perf_hooks'
import type { Caller, TimedCall } from './calls'

/** One call's timings at one size in one phase: the runs after the warm-up, in ms. */
export interface CallTimes {
  caller: Caller
  label: string
  times: number[]
}

/** Runs `call` `warmUp` times untimed, then `runs` times timed, one after the other. */
export async function timeCall(call: TimedCall, warmUp: number, runs: number): Promise<CallTimes> {
  for (let index = 0; index < warmUp; index++) await call.run(index)
  const times: number[] = []
  for (let index = warmUp; index < warmUp + runs; index++) {
    const started = performance.now()
    await call.run(index)
    times.push(performance.now() - started)
  }
  return { caller: call.caller, label: call.label, times }
}

/** The nearest-rank quantile `q` of `times` (the median at 0.5). */
export function quantile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))

/**
 * The table the bench prints (Markdown): per call, the median and p95 at each size, and the
 * ratio of the large size's median to the small one's.
 */
export function resultTable(
  sizes: { label: string; results: CallTimes[] }[],
  runs: number,
): string {
  const [small, large] = sizes
  if (!small || !large) throw new Error('the table needs two sizes')
  const header = [
    'caller',
    'call',
    `${small.label} median ms`,
    `${small.label} p95 ms`,
    `${large.label} median ms`,
    `${large.label} p95 ms`,
    'large/small (median)',
  ]
  const lines = [
    `Medians and p95 of ${runs} runs each (nearest rank), after a warm-up.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map((_, index) => (index < 2 ? ' --- ' : ' ---: ')).join('|')}|`,
  ]
  for (const at of small.results) {
    const there = large.results.find((result) => result.label === at.label)
    if (!there) continue
    const smallMedian = quantile(at.times, 0.5)
    const largeMedian = quantile(there.times, 0.5)
    lines.push(
      `| ${[
        at.caller,
        at.label,
        ms(smallMedian),
        ms(quantile(at.times, 0.95)),
        ms(largeMedian),
        ms(quantile(there.times, 0.95)),
        `${(largeMedian / smallMedian).toFixed(2)}×`,
      ].join(' | ')} |`,
    )
  }
  return lines.join('\n')
}
