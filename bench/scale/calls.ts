/**
 * The calls the scale bench times (issue 33's list), each as its caller makes it over HTTP: the
 * signed-in customer's, the signed-in member of staff's, and the security-retention job's round.
 * Every answer is checked to be the call's success: a refusal timed would measure nothing.
 */

import type { Database } from '#server/db/database'
import { pruneSecurityRecords } from '#server/domain/security-retention'
import type { Answer, CustomerBrowser, StaffBrowser } from './portal-server'
import { accountNumberOf, commonLastName, customerEmail, firstPayeeOf } from './seed'

export type Caller = 'customer' | 'staff' | 'job'

export interface TimedCall {
  caller: Caller
  label: string
  /** One run; `index` counts the runs of this call (warm-up included). */
  run: (index: number) => Promise<unknown>
}

export interface CallContext {
  db: Database
  customer: CustomerBrowser
  staff: StaffBrowser
  /** The measured customer's session token, user id, e-mail and passcode. */
  token: string
  customerId: number
  email: string
  passcode: string
  pin: string
  /** Seeded customers: the size of this database. */
  customers: number
}

/** An answer that is the call's success, else an error naming the call and what it said. */
export function succeeded(label: string, answer: Answer): Answer {
  if (answer.error === true || answer.status === false)
    throw new Error(`${label} was refused: ${JSON.stringify(answer).slice(0, 300)}`)
  return answer
}

const utcDay = (moment: Date) => moment.toISOString().slice(0, 10)

export function timedCalls(context: CallContext): TimedCall[] {
  const { customer, staff, token } = context
  const customerCall =
    (label: string, name: string, fields: () => Record<string, string> = () => ({})) =>
    async () =>
      succeeded(label, await customer.action(name, { token, ...fields() }))
  const staffCall =
    (label: string, action: string, fields: Record<string, string> = {}) =>
    async () =>
      succeeded(label, await staff(action, fields))

  const payee = firstPayeeOf(1)
  const transferFields = {
    amount: '1.00',
    bank: payee.bank,
    swift: payee.swiftCode,
    act_no: payee.accountNumber,
    act_hold_name: payee.accountHolderName,
    currency: 'USD',
    routing: payee.routingNumber,
    country: payee.country,
    note: 'scale bench',
    extra: '',
  }
  const authorizations: string[] = []
  let secondPage = ''
  // A customer in the middle of the book, found by e-mail and by account number.
  const middle = Math.ceil(context.customers / 2)
  const weekAgo = utcDay(new Date(Date.now() - 6 * 86_400_000))

  return [
    {
      caller: 'customer',
      label: 'sign-in step 1 (iduser)',
      run: async () => succeeded('iduser', await customer.crud('iduser', { email: context.email })),
    },
    {
      caller: 'customer',
      label: 'sign-in step 2 (userlogin)',
      run: async () => {
        const answer = succeeded(
          'userlogin',
          await customer.crud('userlogin', {
            email: context.email,
            password: context.passcode,
            remeber: 'on',
          }),
        )
        if (typeof answer.jwt !== 'string') throw new Error('userlogin gave no session')
      },
    },
    {
      caller: 'customer',
      label: 'dashboard (getstatement)',
      run: customerCall('dashboard', 'getstatement'),
    },
    {
      caller: 'customer',
      label: 'dashboard unread count (getnc)',
      run: customerCall('getnc', 'getnc'),
    },
    { caller: 'customer', label: 'dashboard insights', run: customerCall('insights', 'insights') },
    {
      caller: 'customer',
      label: 'statement page 1 (getstatement2)',
      run: async () => {
        const answer = await customerCall('statement page 1', 'getstatement2')()
        secondPage = String(answer.next_cursor ?? '')
      },
    },
    {
      caller: 'customer',
      label: 'statement page 2',
      run: customerCall('statement page 2', 'getstatement2', () => ({ cursor: secondPage })),
    },
    {
      caller: 'customer',
      label: 'statement amount filter',
      run: customerCall('statement amount filter', 'getstatement2', () => ({
        min_amount: '100.00',
        max_amount: '300.00',
      })),
    },
    {
      caller: 'customer',
      label: 'transfer PIN (confirmmypin)',
      run: async () => {
        const answer = succeeded(
          'confirmmypin',
          await customer.action('confirmmypin', { token, pin: context.pin, ...transferFields }),
        )
        if (answer.requiresanother) throw new Error('confirmmypin asked for a step-up')
        authorizations.push(String(answer.authorization))
      },
    },
    {
      caller: 'customer',
      label: 'transfer submit (newtrs)',
      run: async (index) => {
        const authorization = authorizations.shift()
        if (!authorization) throw new Error('no authorization left for newtrs')
        succeeded(
          'newtrs',
          await customer.action('newtrs', {
            token,
            ...transferFields,
            authorization,
            idempotency_key: `scale-${Date.now()}-${index}`,
          }),
        )
      },
    },
    {
      caller: 'customer',
      label: 'signup, e-mail registered (newuser)',
      run: async (index) => {
        // Answered as a new signup would be (docs: no telling who banks here); not a refusal.
        await customer.crud('newuser', {
          first_name: 'Again',
          last_name: 'Someone',
          username: `again${index}x${Date.now()}`,
          email: customerEmail(2),
          password: '246813',
          fullname: 'Again Someone',
        })
      },
    },
    {
      caller: 'staff',
      label: 'customer search: e-mail',
      run: staffCall('search by e-mail', 'customersearch', { query: customerEmail(middle) }),
    },
    {
      caller: 'staff',
      label: 'customer search: account number',
      run: staffCall('search by account', 'customersearch', { query: accountNumberOf(middle) }),
    },
    {
      caller: 'staff',
      label: 'customer search: last name',
      run: staffCall('search by name', 'customersearch', { query: commonLastName }),
    },
    { caller: 'staff', label: 'queues', run: staffCall('queues', 'queues') },
    {
      caller: 'staff',
      label: 'queue: pending requests',
      run: staffCall('requestlist', 'requestlist', { status: 'pending' }),
    },
    {
      caller: 'staff',
      label: 'queue: transfers in progress',
      run: staffCall('transferlist', 'transferlist', { status: 'in_progress' }),
    },
    {
      caller: 'staff',
      label: "customer's page",
      run: staffCall('customerpage', 'customerpage', { customer_id: String(context.customerId) }),
    },
    {
      caller: 'staff',
      label: "customer's ledger",
      run: staffCall('customerledger', 'customerledger', {
        customer_id: String(context.customerId),
        page: '1',
      }),
    },
    { caller: 'staff', label: 'daily figures', run: staffCall('figures', 'figures') },
    { caller: 'staff', label: 'audit log, first page', run: staffCall('auditlist', 'auditlist') },
    {
      caller: 'staff',
      label: 'audit log, last 7 days',
      run: staffCall('auditlist 7 days', 'auditlist', { from: weekAgo, to: utcDay(new Date()) }),
    },
    { caller: 'staff', label: 'broadcast page', run: staffCall('broadcastpage', 'broadcastpage') },
    {
      caller: 'job',
      label: 'security-retention round',
      run: () => pruneSecurityRecords(context.db, new Date()),
    },
  ]
}
