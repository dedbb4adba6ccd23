import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
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
 * retried with that same key) and balance reads, through the load balancer.
 */
export async function runClient(context: ClientContext, customer: Customer, index: number) {
  const { record, url } = context
  const address = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`
  let token = ''
  const signIn = async () => {
    const answer = await untilDefinite(record, context.stopAt, () =>
      call(url, 'userlogin', true, { email: customer.email, password: passcode }, { address }),
    )
    const jwt = body(answer).jwt
    if (typeof jwt !== 'string') {
      if (answer.kind === 'answer')
        record.anomaly(`login of ${customer.email} refused: ${JSON.stringify(answer.body)}`)
      return false
    }
    token = jwt
    record.count('login')
    return true
  }
  /** A signed-in call; a 401 means a live session was refused somewhere: an anomaly. */
  const signedIn = async (
    name: string,
    fields: Record<string, string>,
    giveUpAt: number,
    files?: Record<string, Blob>,
  ) => {
    const answer = await untilDefinite(record, giveUpAt, () =>
      call(url, name, false, fields, { address, token, ...(files ? { files } : {}) }),
    )
    if (answer.kind === 'answer' && answer.status === 401) {
      record.anomaly(`${name}: the session of ${customer.email} was refused (401)`)
      await signIn()
    }
    return answer
  }

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
      { type: 'Bitcoin (BTC)', amount: decimal(attempt.amount), idempotency_key: attempt.key },
      context.settleBy,
      { depositPic: new Blob([png], { type: 'image/png' }) },
    )
    if (answer.kind !== 'answer') return
    attempt.outcome = body(answer).icon === 'success' ? 'success' : 'refused'
    record.count(attempt.outcome === 'success' ? 'deposit requested' : 'deposit refused')
  }

  async function transfer(n: number) {
    const amount = between(100, 2_000)
    // One transfer in ten goes to a new payee: the server e-mails a code first.
    const payee =
      Math.random() < 0.1
        ? { ...savedPayee, act_no: `NEW${index}X${n}`, act_hold_name: 'New Payee' }
        : savedPayee
    const intent = {
      amount: decimal(amount),
      bank: payee.bank,
      swift: payee.swift,
      act_no: payee.act_no,
      act_hold_name: payee.act_hold_name,
      currency: payee.currency,
      routing: payee.routing,
      country: payee.country,
    }
    const started = Date.now()
    const confirmed = await signedIn('confirmmypin', { pin, ...intent }, context.stopAt)
    const authorization = body(confirmed).authorization
    if (confirmed.kind !== 'answer') return
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
          swift: payee.swift,
          act_no: payee.act_no,
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
      {
        ...intent,
        note: 'Chaos test',
        extra: '',
        authorization,
        idempotency_key: attempt.key,
      },
      context.settleBy,
    )
    if (submitted.kind !== 'answer') return
    attempt.outcome = body(submitted).icon === 'success' ? 'success' : 'refused'
    record.count(attempt.outcome === 'success' ? 'transfer acknowledged' : 'transfer refused')
  }

  async function read() {
    const answer = await signedIn('getperc', {}, context.stopAt)
    const balance = (body(answer).tb as { current_balance?: string } | undefined)?.current_balance
    if (typeof balance !== 'string') return
    record.count('balance read')
    if (balance.startsWith('-'))
      record.anomaly(`${customer.email} read a negative balance ${balance}`)
  }

  if (!(await signIn())) return
  await deposit()
  for (let n = 0; Date.now() < context.stopAt; n++) {
    const roll = Math.random()
    if (roll < 0.15) await deposit()
    else if (roll < 0.65) await transfer(n)
    else await read()
  }
}
