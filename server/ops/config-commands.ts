import { and, asc, eq } from 'drizzle-orm'
import {
  isTransactionHashFormat,
  transactionHashFormatNames,
  transactionHashFormats,
} from '#api/chain-rules'
import { formatMoney, maximumAmount, maximumAmountText, parseAmount } from '#api/money'
import type { Database } from '../db/database'
import { bankSettings, coinTypes, paymentPurposes, plans, stepUpLimits } from '../db/schema'
import { isExplorerTemplate } from '../domain/coin-chains'
import { notifyCustomerAs } from '../domain/customer-support'
import { findUserByEmail } from '../domain/users'
import { doneOrThrow, emailArgument, type OpsCommand, table, taskContext } from './command'

/** The configuration the forms read: coins, purposes, plans, charge, step-up, contact details. */
const settingsRow = async (db: Database) => {
  await db.insert(bankSettings).values({ id: 1 }).onConflictDoNothing()
  return db.update(bankSettings)
}

const required = (value: string | undefined, what: string) => {
  const text = value?.trim()
  if (!text) throw new Error(`Give ${what}.`)
  return text
}

const amountArgument = (value: string | undefined) => {
  const amount = parseAmount(value ?? '')
  if (amount === null) throw new Error('Give an amount such as 1000 or 1000.00.')
  if (amount > maximumAmount) throw new Error(`Give an amount of at most ${maximumAmountText}.`)
  return amount
}

const percentToBasisPoints = (value: string | undefined, max: number) => {
  if (!value || !/^\d{1,3}(\.\d{1,2})?$/.test(value) || Number(value) >= max)
    throw new Error(`Give a percent from 0 to below ${max}, with at most 2 decimals.`)
  return Math.round(Number(value) * 100)
}

const contactFields = {
  whatsapp: 'contactWhatsapp',
  email: 'contactEmail',
  phone: 'contactPhone',
  swift: 'swiftCode',
  routing: 'routingNo',
  country: 'country',
} as const

export const configCommands: Record<string, OpsCommand> = {
  notify: {
    usage: '<email> <title> <body>',
    summary: 'send the customer a notification (quote the title)',
    async run(db, [email, title, ...body], now, context) {
      const customer = emailArgument(email)
      const text = body.join(' ').trim()
      if (!title?.trim() || !text)
        throw new Error('Give a title and a body: notify <email> "<title>" "<body>".')
      const user = await findUserByEmail(db, customer)
      if (!user) throw new Error(`No user with the e-mail ${customer}.`)
      const { deps, actor } = taskContext(db, now, context)
      doneOrThrow(await notifyCustomerAs(deps, actor, user.id, { title: title.trim(), body: text }))
      return `Notification sent to ${customer}.`
    },
  },
  'config show': {
    usage: '',
    readOnly: true,
    summary: 'everything below, as the forms read it',
    async run(db) {
      const [settings] = await db.select().from(bankSettings)
      const coins = await db.select().from(coinTypes).orderBy(asc(coinTypes.sortOrder))
      const purposes = await db.select().from(paymentPurposes).orderBy(asc(paymentPurposes.id))
      const planRows = await db.select().from(plans).orderBy(asc(plans.kind), asc(plans.sortOrder))
      const limits = await db.select().from(stepUpLimits).orderBy(asc(stepUpLimits.planName))
      const bps = settings?.serviceChargeBasisPoints ?? 1000
      return [
        `service charge: ${bps / 100} %`,
        `step-up: above ${formatMoney(settings?.stepUpLimit ?? 100_000)} by default; new payees ${settings?.stepUpNewPayee === false ? 'off' : 'on'}`,
        ...limits.map(
          (limit) => `step-up limit for ${limit.planName}: ${formatMoney(limit.limit)}`,
        ),
        `contact: whatsapp ${settings?.contactWhatsapp ?? '-'}, email ${settings?.contactEmail ?? '-'}, phone ${settings?.contactPhone ?? '-'}`,
        `institution: swift ${settings?.swiftCode ?? '-'}, routing ${settings?.routingNo ?? '-'}, country ${settings?.country ?? '-'}`,
        'coins:',
        table(
          coins.map((coin) => ({
            name: coin.name,
            address: coin.address,
            active: coin.active,
            network: coin.network ?? '-',
            hash: coin.txHashFormat,
            explorer: coin.explorerUrl ?? '-',
          })),
        ),
        'purposes:',
        table(purposes.map((purpose) => ({ name: purpose.purposeName }))),
        'plans:',
        table(
          planRows.map((plan) => ({
            kind: plan.kind,
            name: plan.planName,
            term: plan.termDays === null ? '-' : `${plan.termDays} days`,
            rate: plan.rateBasisPoints === null ? '-' : `${plan.rateBasisPoints / 100} %`,
            price: plan.price === null ? '-' : formatMoney(plan.price),
            description: plan.description ?? '-',
          })),
        ),
      ].join('\n')
    },
  },
  'config charge': {
    usage: '<percent>',
    summary: 'the transfer service charge percent (getperc)',
    async run(db, [percent]) {
      const bps = percentToBasisPoints(percent, 100)
      await (await settingsRow(db)).set({ serviceChargeBasisPoints: bps })
      return `Service charge is ${bps / 100} %.`
    },
  },
  'config coin-set': {
    usage: '<name> <address>',
    summary: 'offer a coin type with its deposit address (or change the address)',
    async run(db, [name, address]) {
      const coin = required(name, 'the coin name (quoted)')
      const to = required(address, 'the address')
      await db
        .insert(coinTypes)
        .values({ name: coin, address: to })
        .onConflictDoUpdate({ target: coinTypes.name, set: { address: to, active: true } })
      return `${coin} is offered with the address ${to}.`
    },
  },
  'config coin-chain': {
    usage: `<name> <network> <${transactionHashFormatNames.join('|')}> [explorer url with {hash}]`,
    summary:
      "a coin's chain: its network as the forms say it, how its transaction hashes are written, and the explorer page the requests list links to",
    async run(db, [name, network, format, explorer]) {
      const coin = required(name, 'the coin name (quoted)')
      const label = required(network, 'the network (quoted), e.g. "Bitcoin testnet"')
      if (!format || !isTransactionHashFormat(format))
        throw new Error(
          `The hash format is one of: ${transactionHashFormatNames
            .map((one) => `${one} (${transactionHashFormats[one].says})`)
            .join(', ')}.`,
        )
      const url = explorer?.trim() || null
      if (url !== null && !isExplorerTemplate(url))
        throw new Error(
          'Give the explorer as an https address with {hash} where the hash goes, e.g. https://mempool.space/testnet4/tx/{hash}.',
        )
      const changed = await db
        .update(coinTypes)
        .set({ network: label, txHashFormat: format, explorerUrl: url })
        .where(eq(coinTypes.name, coin))
        .returning({ id: coinTypes.id })
      if (changed.length === 0) throw new Error(`No coin type '${coin}' (config coin-set first).`)
      return `${coin} is on ${label}; hashes: ${transactionHashFormats[format].says}; explorer: ${url ?? 'none'}.`
    },
  },
  'config coin-remove': {
    usage: '<name>',
    summary: 'stop offering a coin type (earlier requests keep it)',
    async run(db, [name]) {
      const coin = required(name, 'the coin name (quoted)')
      const changed = await db
        .update(coinTypes)
        .set({ active: false })
        .where(eq(coinTypes.name, coin))
        .returning({ id: coinTypes.id })
      if (changed.length === 0) throw new Error(`No coin type '${coin}'.`)
      return `${coin} is no longer offered.`
    },
  },
  'config purpose-add': {
    usage: '<name>',
    summary: 'a payment purpose for Make payment',
    async run(db, words) {
      const name = required(words.join(' '), 'the purpose')
      await db.insert(paymentPurposes).values({ purposeName: name }).onConflictDoNothing()
      return `Purpose '${name}' is offered.`
    },
  },
  'config purpose-remove': {
    usage: '<name>',
    summary: 'stop offering a payment purpose',
    async run(db, words) {
      const name = required(words.join(' '), 'the purpose')
      const removed = await db
        .delete(paymentPurposes)
        .where(eq(paymentPurposes.purposeName, name))
        .returning({ id: paymentPurposes.id })
      if (removed.length === 0) throw new Error(`No purpose '${name}'.`)
      return `Purpose '${name}' is no longer offered.`
    },
  },
  'config plan-set': {
    usage: '<fixed_deposit|upgrade> <name> [<term days> <rate %>]',
    summary: 'offer a plan; fixed deposits need a term and a yearly rate',
    async run(db, [kind, name, term, rate]) {
      if (kind !== 'fixed_deposit' && kind !== 'upgrade')
        throw new Error("The kind is 'fixed_deposit' or 'upgrade'.")
      const planName = required(name, 'the plan name (quoted)')
      let termDays: number | null = null
      let rateBasisPoints: number | null = null
      if (kind === 'fixed_deposit') {
        if (!term || !/^\d{1,4}$/.test(term) || Number(term) < 1)
          throw new Error('Give the term in days (1 to 9999) and the yearly rate in percent.')
        termDays = Number(term)
        rateBasisPoints = percentToBasisPoints(rate, 100)
      }
      await db
        .insert(plans)
        .values({ kind, planName, termDays, rateBasisPoints })
        .onConflictDoUpdate({
          target: [plans.kind, plans.planName],
          set: { termDays, rateBasisPoints },
        })
      return `Plan '${planName}' (${kind}) is offered${termDays ? `: ${termDays} days at ${(rateBasisPoints ?? 0) / 100} %` : ''}.`
    },
  },
  'config plan-price': {
    usage: '<name> <price> [description]',
    summary:
      "an upgrade plan's price (an upgrade must be for exactly it) and what it is for, in a line",
    async run(db, [name, price, ...description]) {
      const planName = required(name, 'the plan name (quoted)')
      const amount = amountArgument(price)
      if (amount === 0) throw new Error('Give a price above 0.')
      const text = description.join(' ').trim()
      const changed = await db
        .update(plans)
        .set({ price: amount, ...(text ? { description: text } : {}) })
        .where(and(eq(plans.kind, 'upgrade'), eq(plans.planName, planName)))
        .returning({ id: plans.id })
      if (changed.length === 0)
        throw new Error(`No upgrade plan '${planName}' (config plan-set upgrade first).`)
      return `Plan '${planName}' costs ${formatMoney(amount)}${text ? `: ${text}` : ''}.`
    },
  },
  'config plan-remove': {
    usage: '<fixed_deposit|upgrade> <name>',
    summary: 'stop offering a plan (running deposits keep their terms)',
    async run(db, [kind, name]) {
      const planName = required(name, 'the plan name (quoted)')
      const removed = await db
        .delete(plans)
        .where(and(eq(plans.kind, kind as 'upgrade'), eq(plans.planName, planName)))
        .returning({ id: plans.id })
      if (removed.length === 0) throw new Error(`No ${kind} plan '${planName}'.`)
      return `Plan '${planName}' is no longer offered.`
    },
  },
  'config step-up-limit': {
    usage: '<plan|default> <amount>',
    summary: 'transfers above this amount need an e-mailed code',
    async run(db, [plan, amount]) {
      const limit = amountArgument(amount)
      const name = required(plan, "the plan name (quoted) or 'default'")
      if (name === 'default') await (await settingsRow(db)).set({ stepUpLimit: limit })
      else
        await db
          .insert(stepUpLimits)
          .values({ planName: name, limit })
          .onConflictDoUpdate({ target: stepUpLimits.planName, set: { limit } })
      return `Step-up above ${formatMoney(limit)} for ${name === 'default' ? 'plans without their own limit' : name}.`
    },
  },
  'config step-up-new-payee': {
    usage: '<on|off>',
    summary: 'whether a transfer to a new payee needs an e-mailed code',
    async run(db, [value]) {
      if (value !== 'on' && value !== 'off') throw new Error("Give 'on' or 'off'.")
      await (await settingsRow(db)).set({ stepUpNewPayee: value === 'on' })
      return `Step-up for new payees is ${value}.`
    },
  },
  'config contact': {
    usage: '<whatsapp|email|phone|swift|routing|country> <value>',
    summary: 'contact and institution details (getcontact, new accounts)',
    async run(db, [field, ...value]) {
      const column = contactFields[field as keyof typeof contactFields]
      if (!column) throw new Error(`The field is one of ${Object.keys(contactFields).join(', ')}.`)
      const text = required(value.join(' '), 'the value')
      await (await settingsRow(db)).set({ [column]: text })
      return `${field} is ${text}.`
    },
  },
}
