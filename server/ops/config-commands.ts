import { asc } from 'drizzle-orm'
import { formatMoney } from '#api/money'
import { bankSettings, coinTypes, paymentPurposes, plans, stepUpLimits } from '../db/schema'
import { notifyCustomerAs } from '../domain/customer-support'
import { findUserByEmail } from '../domain/users'
import { doneOrThrow, emailArgument, type OpsCommand, table, taskContext } from './command'

/**
 * A notification to one customer, and the configuration the forms read as it is (`config show`);
 * the commands that change it are settings-commands.ts.
 */
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
}
