/** A Chromium trace event (the Trace Event Format's fields that are read here). */
export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: {
    name?: string
    data?: {
      url?: string
      functionName?: string
      startTime?: number
      cpuProfile?: {
        nodes?: {
          id: number
          parent?: number
          callFrame: { functionName: string; url: string; lineNumber: number }
        }[]
        samples?: number[]
      }
      timeDeltas?: number[]
    }
  }
}

export interface LongTask {
  startMs: number
  durationMs: number
  /** Trace events by self time, heaviest first. */
  events: [string, number][]
  /** JavaScript functions by self time (sampled), heaviest first. */
  functions: [string, number][]
}

const shortUrl = (url: string | undefined, origin: string) =>
  (url ?? '').replace(origin, '').replace(/^.*\/assets\//, '')

/** The renderer main thread with the most task time: the page's own. */
function mainThreadOf(events: TraceEvent[]) {
  const names = events.filter(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )
  let best: { pid: number; tid: number; total: number } | undefined
  for (const thread of names) {
    const total = events
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0)
    if (!best || total > best.total) best = { pid: thread.pid, tid: thread.tid, total }
  }
  if (!best) throw new Error('no renderer main thread in the trace')
  return best
}

/** Self time of each complete event inside [start, end] on one thread, by label. */
function selfTimes(events: TraceEvent[], origin: string) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const totals = new Map<string, number>()
  const stack: { end: number; label: string; child: number; dur: number }[] = []
  const close = (until: number) => {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop()
      if (!done) break
      totals.set(done.label, (totals.get(done.label) ?? 0) + (done.dur - done.child) / 1000)
    }
  }
  for (const event of sorted) {
    close(event.ts)
    const dur = event.dur ?? 0
    const parent = stack.at(-1)
    if (parent) parent.child += dur
    const detail = event.args?.data?.url ?? event.args?.data?.functionName
    const label = detail ? `${event.name} ${shortUrl(detail, origin)}` : event.name
    stack.push({ end: event.ts + dur, label, child: 0, dur })
  }
  close(Number.POSITIVE_INFINITY)
  return [...totals].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1])
}

/** Sampled JavaScript self time per function within [start, end]. */
function sampledFunctions(
  events: TraceEvent[],
  pid: number,
  start: number,
  end: number,
  origin: string,
) {
  const totals = new Map<string, number>()
  const profiles = new Map<string, { time: number; nodes: Map<number, string> }>()
  for (const event of events) {
    if (event.pid !== pid) continue
    if (event.name === 'Profile' && event.id)
      profiles.set(event.id, { time: event.args?.data?.startTime ?? event.ts, nodes: new Map() })
    if (event.name !== 'ProfileChunk' || !event.id) continue
    const profile = profiles.get(event.id)
    const data = event.args?.data
    if (!profile || !data) continue
    for (const node of data.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame
      profile.nodes.set(
        node.id,
        `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url, origin)}:${frame.lineNumber + 1}`,
      )
    }
    const samples = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    for (let index = 0; index < samples.length; index++) {
      profile.time += deltas[index] ?? 0
      const next = deltas[index + 1] ?? 0
      if (profile.time < start || profile.time > end) continue
      const label = profile.nodes.get(samples[index] ?? -1) ?? '?'
      totals.set(label, (totals.get(label) ?? 0) + next / 1000)
    }
  }
  return [...totals]
    .filter(([label, ms]) => ms >= 2 && !label.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
}

/** The main thread's tasks over `overMs`, each with what ran in it. */
export function longTasksOf(events: TraceEvent[], origin: string, overMs = 50): LongTask[] {
  const main = mainThreadOf(events)
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)
  const zero = navigation?.ts ?? Math.min(...onMain.map((e) => e.ts))
  return onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > overMs * 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const inside = onMain.filter(
        (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
      )
      return {
        startMs: (task.ts - zero) / 1000,
        durationMs: (task.dur ?? 0) / 1000,
        events: selfTimes(inside, origin).slice(0, 10),
        functions: sampledFunctions(events, main.pid, task.ts, end, origin),
      }
    })
}
