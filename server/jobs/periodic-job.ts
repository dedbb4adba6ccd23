import { recordJobRound } from '../metrics/registry'

/**
 * A job the server runs at start and then every `intervalMs` while it runs (the fixed deposits'
 * maturities, the security records' retention): one round at a time, a failed round logged and
 * the next one tried on time, `stop()` waiting for a round under way. Each round's work is its
 * own to make safe on several servers (each job's rows are claimed in their transactions).
 */
export function startPeriodicJob(options: {
  /** What the log calls the job when a round fails. */
  name: string
  intervalMs: number
  /** One round; its answer, when not null, is logged. */
  round: () => Promise<string | null>
  log: (line: string) => void
}) {
  let running: Promise<void> | null = null
  const round = () => {
    if (running) return
    running = options
      .round()
      .then((said) => {
        recordJobRound(options.name, true)
        if (said !== null) options.log(said)
      })
      .catch((error) => {
        recordJobRound(options.name, false)
        options.log(`${options.name} failed: ${error instanceof Error ? error.message : error}`)
      })
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(round, options.intervalMs)
  timer.unref()
  round()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
