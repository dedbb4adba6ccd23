import { setTimeout as sleep } from 'node:timers/promises'
import type { Answer } from './api'
import type { RunRecord } from './history'

/**
 * Sends until a definite answer (any status but 5xx and 429) or `giveUpAt`: after no answer,
 * a 503 (the database restarting or a connection cut mid-request) or 429 (a busy hashing
 * queue), as a client would. A 500 is sent again too, and is an anomaly: every fault here is
 * one the server must answer cleanly. Returns the last answer; `indeterminate` when none was
 * definite in time.
 */
export async function untilDefinite(
  record: RunRecord,
  giveUpAt: number,
  send: () => Promise<Answer>,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send()
    if (answer.kind === 'answer' && answer.status < 500 && answer.status !== 429) return answer
    if (answer.kind === 'indeterminate') {
      record.indeterminate++
      record.noAnswer(answer.reason)
    } else {
      const name = `answered ${answer.status}, sent again`
      record.figure(name, (record.figures.get(name) ?? 0) + 1)
      if (answer.status === 500)
        record.anomaly('a call answered 500 (a server error) under a fault')
    }
    if (Date.now() >= giveUpAt)
      return answer.kind === 'indeterminate'
        ? answer
        : { kind: 'indeterminate', reason: `still ${answer.status}` }
    await sleep(Math.min(1_000, 50 * attempt) + Math.random() * 100)
  }
}
