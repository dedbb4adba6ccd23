import { createHash, randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { messages as transferMessages } from '#server/actions/transfers'
import { type Answer, call } from './api'
import type { AttemptedSubmission, RunRecord } from './history'
import { untilDefinite } from './retry'
import { type Customer, passcode, pin, savedPayee } from './seed'
import type { SmtpSink } from './smtp-sink'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

const newKey = () => randomBytes(18).toString('base64url')
const decimal = (minor: number) => (minor / 100).toFixed(2)
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1))
const body = (answer: Answer) => (answer.kind === 'answer' ? answer.body : {})

export interface ClientContext {
  url: string
  record: RunRecord
  sink: SmtpSink
  /** Until then clients start new operations. */
  stopAt: number
  /** Until then an operation under way retries money submissions (same key). */
  settleBy: number
}

/** The Transfer Authorization Code e-mailed to `email` since `since`, newest first. */
async function transferCode(sink: SmtpSink, email: string, since: number, giveUpAt: number) {
  while (Date.now() < giveUpAt) {
    const mail = sink
      .messagesTo(email)
      .filter((message) => message.at >= since && /authori[sz]ation code/i.test(message.raw))
      .at(-1)
    const code = mail && /^ {4}(\d{6})\r?$/m.exec(mail.raw)?.[1]
    if (code) return code
    await sleep(100)
  }
  return null
}

/**
 * One customer doing what customers do, until `stopAt`: deposits (then confirmed by the
 * operator), transfers (PIN, the e-mailed code for a new payee, newtrs with an idempotency key
 * retried with that same key) and balance reads, through the load balancer. A customer the
 * operator blocks mid-run (`record.blocked`) turns attacker at its first 401: see `attack`.
 */
export async function runClient(context: ClientContext, customer: Customer, index: number) {
  const { record, url } = context
  const address = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`
  /** Set once the operator picks this customer to block (blockMidRun). */
  const blocked = () => record.blocked.get(customer.id)
  /** The operator has begun the notice: from then on a 401 or a login with the notice is expected. */
  const noticeBegun = () => blocked()?.startedAt !== undefined
  /** Sent after the notice was committed: nothing may be authorised or leave on it. */
  const afterNotice = (sentAt: number) => {
    const committedAt = blocked()?.committedAt
    return committedAt !== undefined && sentAt > committedAt
  }
  let token = ''
  /** Blocked and told so (a 401 or the notice at login): the client only attacks from then on. */
  let onHold = false
  /** When the request that got the last signed-in answer was sent (Date.now()). */
  let lastSentAt = 0
  /** The last transfer a PIN (and code) authorised: what an attacker would send again. */
  let lastAuthorized = { intent: {} as Record<string, string>, amount: 0, authorization: '' }
  const login = async () => {
    let sentAt = 0
    const answer = await untilDefinite(record, context.stopAt, () => {
      sentAt = Date.now()
      return call(
        url,
        'userlogin',
        true,
        { email: customer.email, password: passcode },
        { address },
      )
    })
    return { answer, sentAt }
  }
  const signIn = async () => {
    const { answer, sentAt } = await login()
    const jwt = body(answer).jwt
    if (typeof jwt !== 'string') {
      if (answer.kind === 'answer')
        record.anomaly(`login of ${customer.email} refused: ${JSON.stringify(answer.body)}`)
      return false
    }
    if (body(answer).ismsg === true) {
      if (!noticeBegun()) record.anomaly(`login of ${customer.email} answered with a notice`)
      else onHold = true
      return false
    }
    if (afterNotice(sentAt))
      record.anomaly(`login of ${customer.email} after its notice gave a signed-in session`)
    token = jwt
    record.count('login')
    return true
  }
  /**
   * A signed-in call; a 401 means a live session was refused somewhere: an anomaly, unless the
   * operator has begun blocking this customer (the notice ends its sessions).
   */
  const signedIn = async (
    name: string,
    fields: Record<string, string>,
    giveUpAt: number,
    files?: Record<string, Blob>,
    as = token,
  ) => {
    let sentAt = 0
    const answer = await untilDefinite(record, giveUpAt, () => {
      sentAt = Date.now()
      return call(url, name, false, fields, { address, token: as, ...(files ? { files } : {}) })
    })
    lastSentAt = sentAt
    if (answer.kind === 'answer' && answer.status === 401) {
      if (noticeBegun()) {
        onHold = true
        record.count(`blocked customer: ${name} refused (401)`)
      } else {
        record.anomaly(`${name}: the session of ${customer.email} was refused (401)`)
        await signIn()
      }
    }
    return answer
  }
  /** A 401 tells nothing of an earlier send under the same key: that one may have moved money. */
  const outcomeOf = (answer: Answer): AttemptedSubmission['outcome'] =>
    answer.kind !== 'answer' || answer.status === 401
      ? 'unknown'
      : body(answer).icon === 'success'
        ? 'success'
        : 'refused'

  async function deposit() {
    const attempt: AttemptedSubmission = {
      userId: customer.id,
      key: newKey(),
      amount: between(100, 500) * 100,
      outcome: 'unknown',
    }
    record.deposits.push(attempt)
    const answer = await signedIn(
      'newcd',
      {
        type: 'Bitcoin (BTC)',
        amount: decimal(attempt.amount),
        // One payment per attempt: a retry under its key sends the same one.
        tx_hash: createHash('sha256').update(attempt.key).digest('hex'),
        idempotency_key: attempt.key,
      },
      context.settleBy,
      { depositPic: new Blob([png], { type: 'image/png' }) },
    )
    attempt.outcome = outcomeOf(answer)
    if (attempt.outcome === 'unknown') return
    record.count(attempt.outcome === 'success' ? 'deposit requested' : 'deposit refused')
  }

  /** The PIN confirmed: an anomaly when it was sent after the customer's notice. */
  function pinConfirmedAfterNotice(answer: Answer) {
    if (answer.kind !== 'answer' || body(answer).status !== true) return false
    if (!afterNotice(lastSentAt)) return false
    record.anomaly(`confirmmypin of ${customer.email} succeeded after its notice`)
    return true
  }

  /**
   * newtrs under a new key; the attempt is recorded for the checker (and its sending time). A
   * replay (the attacker's, under an authorisation already sent) that is refused stays
   * `unknown`: its authorisation's transfer may exist, from the first submission.
   */
  async function submit(
    intent: Record<string, string>,
    amount: number,
    authorization: string,
    giveUpAt: number,
    replay?: { as: string },
  ) {
    const attempt: AttemptedSubmission = {
      userId: customer.id,
      key: newKey(),
      amount,
      authorization,
      outcome: 'unknown',
    }
    record.transfers.push(attempt)
    const submitted = await signedIn(
      'newtrs',
      { ...intent, note: 'Chaos test', extra: '', authorization, idempotency_key: attempt.key },
      giveUpAt,
      undefined,
      replay?.as ?? token,
    )
    attempt.outcome = outcomeOf(submitted)
    attempt.sentAt = lastSentAt
    if (attempt.outcome === 'success') record.count('transfer acknowledged')
    else if (replay) {
      attempt.outcome = 'unknown'
      if (submitted.kind === 'answer' && submitted.status !== 401)
        record.count('blocked customer: newtrs refused (not 401)')
    } else if (attempt.outcome === 'refused') {
      const held = body(submitted).message === transferMessages.accountBlocked
      record.count(held ? 'transfer refused (account on hold)' : 'transfer refused')
      if (held && !noticeBegun())
        record.anomaly(`a transfer of ${customer.email} refused as on hold: it has no notice`)
    }
  }

  function intentOf(payee: typeof savedPayee, amount: number) {
    return {
      amount: decimal(amount),
      bank: payee.bank,
      swift: payee.swiftCode,
      act_no: payee.accountNumber,
      act_hold_name: payee.accountHolderName,
      currency: payee.currency,
      routing: payee.routingNumber,
      country: payee.country,
    }
  }

  async function transfer(n: number) {
    const amount = between(100, 2_000)
    // One transfer in ten goes to a new payee: the server e-mails a code first.
    const payee =
      Math.random() < 0.1
        ? { ...savedPayee, accountNumber: `NEW${index}X${n}`, accountHolderName: 'New Payee' }
        : savedPayee
    const intent = intentOf(payee, amount)
    const started = Date.now()
    const confirmed = await signedIn('confirmmypin', { pin, ...intent }, context.stopAt)
    const authorization = body(confirmed).authorization
    // A 401 was flagged (or, for a blocked customer, expected) by signedIn.
    if (confirmed.kind !== 'answer' || confirmed.status === 401) return
    // Flagged, and carried on as an attacker would: the checker then sees whether money left.
    pinConfirmedAfterNotice(confirmed)
    if (String(body(confirmed).message).startsWith('We have already e-mailed you several')) {
      // The code e-mails' own rate (docs/decisions/031): a customer waits, as this one does.
      record.count('step-up refused (code e-mail rate)')
      return
    }
    if (body(confirmed).status !== true || typeof authorization !== 'string') {
      record.anomaly(`confirmmypin with the right PIN refused: ${JSON.stringify(body(confirmed))}`)
      return
    }
    record.count('PIN confirmed')
    if (body(confirmed).requiresanother) {
      const code = await transferCode(
        context.sink,
        customer.email,
        started,
        // A code mailed near the end is still awaited: the customer is mid-transfer.
        Math.min(context.settleBy, Date.now() + 30_000),
      )
      if (!code) {
        record.count('step-up abandoned (no code in time)')
        return
      }
      const checked = await signedIn(
        'confirmtpin',
        {
          pin: code,
          authorization,
          amount: intent.amount,
          swift: intent.swift,
          act_no: intent.act_no,
        },
        context.stopAt,
      )
      if (body(checked).status !== true) {
        // E.g. the code of an earlier confirmmypin whose answer was lost: a customer starts again.
        record.count('step-up abandoned (code refused)')
        return
      }
      record.count('e-mailed code confirmed')
    }
    lastAuthorized = { intent, amount, authorization }
    await submit(intent, amount, authorization, context.settleBy)
  }

  async function read() {
    const answer = await signedIn('getperc', {}, context.stopAt)
    const balance = (body(answer).tb as { current_balance?: string } | undefined)?.current_balance
    if (typeof balance !== 'string') return
    record.count('balance read')
    if (balance.startsWith('-'))
      record.anomaly(`${customer.email} read a negative balance ${balance}`)
  }

  /**
   * The blocked customer from its first 401 on, until `stopAt`: what an attacker holding its
   * old token (and the PIN) would try. With the old token: the PIN for a new transfer, and
   * newtrs again under the last authorisation it was given, with a new key. Every third round
   * a login, which must answer the notice (ismsg) with a notice-only token: that token reads
   * the notice, and the same two calls with it. Every refusal is expected (counted); a PIN
   * confirmed or a transfer acknowledged on a request sent after the notice is an anomaly (the
   * transfers are also checked by checkBlockedCustomers).
   */
  async function attack(round: number) {
    const tokens = [token]
    if (round % 3 === 0) {
      const { answer, sentAt } = await login()
      const jwt = body(answer).jwt
      if (body(answer).ismsg === true && typeof jwt === 'string') {
        record.count('blocked customer: login answered with the notice (ismsg)')
        const notice = await untilDefinite(record, context.stopAt, () =>
          call(url, 'getsinfo', false, {}, { address, token: jwt }),
        )
        const head = (body(notice).notice as { head?: string } | null | undefined)?.head
        if (notice.kind === 'answer' && head !== 'Account on hold')
          record.anomaly(
            `getsinfo with the notice token of ${customer.email}: ${notice.status} ${JSON.stringify(notice.body)}`,
          )
        else if (notice.kind === 'answer') record.count('blocked customer: notice read (getsinfo)')
        tokens.push(jwt)
      } else if (answer.kind === 'answer' && afterNotice(sentAt))
        record.anomaly(
          `login of ${customer.email} after its notice answered without it: ${JSON.stringify(answer.body)}`,
        )
    }
    for (const as of tokens) {
      const amount = between(100, 2_000)
      const confirmed = await signedIn(
        'confirmmypin',
        { pin, ...intentOf(savedPayee, amount) },
        context.stopAt,
        undefined,
        as,
      )
      if (
        confirmed.kind === 'answer' &&
        confirmed.status !== 401 &&
        !pinConfirmedAfterNotice(confirmed)
      )
        record.count(
          body(confirmed).status === true
            ? 'blocked customer: PIN confirmed (sent before the notice command returned)'
            : 'blocked customer: confirmmypin refused (not 401)',
        )
      if (lastAuthorized.authorization === '') continue
      const { intent, amount: authorized, authorization } = lastAuthorized
      await submit(intent, authorized, authorization, context.stopAt, { as })
    }
    await sleep(500)
  }

  if (!(await signIn())) return
  await deposit()
  for (let n = 0; Date.now() < context.stopAt; n++) {
    if (onHold) {
      await attack(n)
      continue
    }
    const roll = Math.random()
    if (roll < 0.15) await deposit()
    else if (roll < 0.65) await transfer(n)
    else await read()
  }
}
