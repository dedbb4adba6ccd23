/** What the clients did and saw, for the checker; and the run's counters. */
export interface AttemptedSubmission {
  userId: number
  key: string
  /** Minor units. */
  amount: number
  /** The transfer's authorization id (transfers only). */
  authorization?: string
  /** success: the client saw it acknowledged; refused: a definite "no"; unknown: no answer. */
  outcome: 'success' | 'refused' | 'unknown'
  /** Date.now() when the request that got the definite answer was sent. */
  sentAt?: number
}

/**
 * A customer the operator blocks with an account notice mid-run (`notice set`), and the state
 * of its ledger account right after the notice was committed, read on the checker's connection.
 */
export interface BlockedCustomer {
  userId: number
  email: string
  /** Date.now() before the operator's first try of `notice set`. */
  startedAt?: number
  /**
   * Date.now() when the try that was committed returned: the notice (the block, the ended
   * sessions) holds from then at the latest. Unset when no try was committed.
   */
  committedAt?: number
  /** Read right after committedAt: none of these may grow from then on. */
  atNotice?: {
    totalDebit: number
    balance: number
    /** The account's debit entries (negative amounts): how many, and their sum. */
    debitEntries: number
    debitSum: number
    /** The customer's `transfers` rows. */
    transferIds: number[]
  }
}

export class RunRecord {
  readonly transfers: AttemptedSubmission[] = []
  readonly deposits: AttemptedSubmission[] = []
  /** The customers blocked with a notice mid-run, by user id (set when they are picked). */
  readonly blocked = new Map<number, BlockedCustomer>()
  readonly operations = new Map<string, number>()
  readonly faults = new Map<string, number>()
  readonly anomalies: string[] = []
  /** Answers that were not answers (refused connections, drops, 502s, timeouts). */
  indeterminate = 0
  /** Server connections ended by the connection cuts, and servers started again after a kill. */
  connectionsCut = 0
  restarts = 0
  /** Each SIGKILL: which server, and when it was sent (Date.now()). */
  readonly kills: { server: string; at: number }[] = []

  /** Why requests got no answer, by kind of reason. */
  readonly noAnswers = new Map<string, number>()

  noAnswer(reason: string) {
    const kind = reason.replace(/\d+/g, 'N').slice(0, 80)
    this.noAnswers.set(kind, (this.noAnswers.get(kind) ?? 0) + 1)
  }

  /** Measures that are not operations (retries, delivery times), shown beside them. */
  readonly figures = new Map<string, number>()

  figure(name: string, value: number) {
    this.figures.set(name, value)
  }

  count(operation: string, by = 1) {
    this.operations.set(operation, (this.operations.get(operation) ?? 0) + by)
  }

  fault(kind: string, by = 1) {
    this.faults.set(kind, (this.faults.get(kind) ?? 0) + by)
  }

  anomaly(text: string) {
    this.anomalies.push(text)
  }
}

export const total = (counts: Map<string, number>) =>
  [...counts.values()].reduce((sum, n) => sum + n, 0)
