import { describe, expect, it, vi } from 'vitest'
import { startPeriodicJob } from '#server/jobs/periodic-job'

describe('a periodic job', () => {
  it('runs at start and on each interval, logs what a round says and a failed round, and goes on', async () => {
    const log: string[] = []
    const answers: (() => Promise<string | null>)[] = [
      async () => 'first round: 2 done',
      async () => {
        throw new Error('database away')
      },
      async () => null,
      async () => 'fourth round: 1 done',
    ]
    let rounds = 0
    const job = startPeriodicJob({
      name: 'test job',
      intervalMs: 10,
      log: (line) => log.push(line),
      round: () => (answers[rounds++] ?? (async () => null))(),
    })
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(4))
    await job.stop()
    expect(log.slice(0, 3)).toEqual([
      'first round: 2 done',
      'test job failed: database away',
      'fourth round: 1 done',
    ])
  })

  it('never starts a round while one is under way, and stop waits for it', async () => {
    let running = 0
    let most = 0
    let finished = 0
    let release: () => void = () => {}
    const job = startPeriodicJob({
      name: 'slow job',
      intervalMs: 5,
      log: () => {},
      round: async () => {
        running++
        most = Math.max(most, running)
        await new Promise<void>((resolve) => {
          release = resolve
        })
        running--
        finished++
        return null
      },
    })
    // Several intervals pass while the first round waits.
    await new Promise((resolve) => setTimeout(resolve, 40))
    const stopped = job.stop()
    let stopDone = false
    void stopped.then(() => {
      stopDone = true
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(stopDone).toBe(false)
    release()
    await stopped
    expect(finished).toBe(1)
    expect(most).toBe(1)
  })
})
