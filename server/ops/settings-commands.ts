import * as v from 'valibot'
import { transactionHashFormatNames, transactionHashFormats } from '#api/chain-rules'
import { fourEyesRuleNames, fourEyesRules } from '#api/contract/staff'
import {
  areaOf,
  type SettingsAreaName,
  type SettingsContent,
  type SettingsInput,
} from '#api/contract/staff/settings-areas'
import { formatMoney } from '#api/money'
import type { Database } from '../db/database'
import { proposeSettings } from '../domain/settings'
import { currentVersionOf, sameContent } from '../domain/settings-versions'
import { doneOrThrow, type OpsCommand, type OpsContext, taskContext } from './command'

/**
 * The settings the forms read, changed from the terminal (docs/decisions/078): each command
 * changes one thing of an area's current version and proposes the result, through the same task
 * and rules as the console's editor. Run `--as` a member of staff, it waits for a second person
 * with the configuration role (`approvals approve`); before any member of staff exists, the
 * terminal's change applies at once (docs/decisions/068).
 */

const required = (value: string | undefined, what: string) => {
  const text = value?.trim()
  if (!text) throw new Error(`Give ${what}.`)
  return text
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

interface Edit<A extends SettingsAreaName> {
  area: A
  /** The change, on the current version as its form has it. */
  change(input: SettingsInput<A>, current: SettingsContent<A>): void
  /** What the change makes so, once the rules took it: "Service charge is 7.5 %." */
  said(content: SettingsContent<A>): string
}

/** Proposes the area's current version with `edit.change` made; what the operator is told. */
async function proposeEdit<A extends SettingsAreaName>(
  db: Database,
  now: Date,
  context: OpsContext | undefined,
  edit: Edit<A>,
): Promise<string> {
  const { deps, actor } = taskContext(db, now, context)
  const area = areaOf(edit.area)
  const current = await currentVersionOf(db, edit.area, now)
  const content = current.content as SettingsContent<A>
  const input = structuredClone(area.toInput(content)) as SettingsInput<A>
  edit.change(input, content)
  const checked = v.safeParse(area.schema, input)
  if (checked.success && sameContent(checked.output, content))
    return `Nothing to change: ${edit.said(checked.output as SettingsContent<A>)}`
  const proposed = doneOrThrow(
    await proposeSettings(deps, actor, { area: edit.area, input, basedOn: current.version ?? 0 }),
  )
  if (!proposed.applied) return proposed.message
  return edit.said(v.parse(area.schema, input) as SettingsContent<A>)
}

/** A command that edits one area. */
const editing = <A extends SettingsAreaName>(
  usage: string,
  summary: string,
  edit: (args: string[]) => Edit<A>,
): OpsCommand => ({
  usage,
  summary: `${summary}; a second person with the configuration role approves it`,
  run: (db, args, now, context) => proposeEdit(db, now, context, edit(args)),
})

export const settingsCommands: Record<string, OpsCommand> = {
  'config charge': editing<'charges'>(
    '<percent>',
    'the transfer service charge percent (getperc)',
    ([percent = '']) => ({
      area: 'charges',
      change(input) {
        input.service_charge = percent
      },
      said: (content) => `Service charge is ${content.service_charge / 100} %.`,
    }),
  ),
  'config coin-set': editing<'coins'>(
    '<name> <address>',
    'offer a coin type with its deposit address (or change the address)',
    ([name, address]) => {
      const coin = required(name, 'the coin name (quoted)')
      const to = required(address, 'the address')
      return {
        area: 'coins',
        change(input) {
          const found = input.coins.find((row) => sameName(row.name, coin))
          if (found) Object.assign(found, { address: to, offered: true })
          else
            input.coins.push({
              name: coin,
              address: to,
              network: '',
              hash_format: 'hex64-or-0x',
              explorer: '',
              offered: true,
            })
        },
        said: () => `${coin} is offered with the address ${to}.`,
      }
    },
  ),
  'config coin-chain': editing<'coins'>(
    `<name> <network> <${transactionHashFormatNames.join('|')}> [explorer url with {hash}]`,
    "a coin's chain: its network as the forms say it, how its transaction hashes are written, and the explorer page the requests list links to",
    ([name, network, format = '', explorer = '']) => {
      const coin = required(name, 'the coin name (quoted)')
      const label = required(network, 'the network (quoted), e.g. "Bitcoin testnet"')
      return {
        area: 'coins',
        change(input) {
          const found = input.coins.find((row) => sameName(row.name, coin))
          if (!found) throw new Error(`No coin type '${coin}' (config coin-set first).`)
          Object.assign(found, { network: label, hash_format: format, explorer })
        },
        said(content) {
          const row = content.coins.find((one) => sameName(one.name, coin))
          const says = row ? transactionHashFormats[row.hash_format].says : format
          return `${coin} is on ${label}; hashes: ${says}; explorer: ${row?.explorer ?? 'none'}.`
        },
      }
    },
  ),
  'config coin-remove': editing<'coins'>(
    '<name>',
    'stop offering a coin type (earlier requests keep it)',
    ([name]) => {
      const coin = required(name, 'the coin name (quoted)')
      return {
        area: 'coins',
        change(input) {
          const found = input.coins.find((row) => sameName(row.name, coin))
          if (!found) throw new Error(`No coin type '${coin}'.`)
          found.offered = false
        },
        said: () => `${coin} is no longer offered.`,
      }
    },
  ),
  'config purpose-add': editing<'purposes'>(
    '<name>',
    'a payment purpose for Make payment',
    (words) => {
      const name = required(words.join(' '), 'the purpose')
      return {
        area: 'purposes',
        change(input) {
          if (!input.purposes.some((one) => sameName(one, name))) input.purposes.push(name)
        },
        said: () => `Purpose '${name}' is offered.`,
      }
    },
  ),
  'config purpose-remove': editing<'purposes'>(
    '<name>',
    'stop offering a payment purpose',
    (words) => {
      const name = required(words.join(' '), 'the purpose')
      return {
        area: 'purposes',
        change(input) {
          const kept = input.purposes.filter((one) => !sameName(one, name))
          if (kept.length === input.purposes.length) throw new Error(`No purpose '${name}'.`)
          input.purposes = kept
        },
        said: () => `Purpose '${name}' is no longer offered.`,
      }
    },
  ),
  'config plan-set': editing<'plans'>(
    '<fixed_deposit|upgrade> <name> [<term days> <rate %>]',
    'offer a plan; fixed deposits need a term and a yearly rate',
    ([kind, name, term = '', rate = '']) => {
      if (kind !== 'fixed_deposit' && kind !== 'upgrade')
        throw new Error("The kind is 'fixed_deposit' or 'upgrade'.")
      const planName = required(name, 'the plan name (quoted)')
      return {
        area: 'plans',
        change(input) {
          if (kind === 'upgrade') {
            if (!input.upgrades.some((row) => sameName(row.name, planName)))
              input.upgrades.push({ name: planName, price: '', description: '' })
            return
          }
          const found = input.fixed_deposits.find((row) => sameName(row.name, planName))
          if (found) Object.assign(found, { term_days: term, rate })
          else input.fixed_deposits.push({ name: planName, term_days: term, rate, description: '' })
        },
        said(content) {
          const plan = content.fixed_deposits.find((row) => sameName(row.name, planName))
          const terms =
            kind === 'fixed_deposit' && plan
              ? `: ${plan.term_days} days at ${plan.rate / 100} %`
              : ''
          return `Plan '${planName}' (${kind}) is offered${terms}.`
        },
      }
    },
  ),
  'config plan-price': editing<'plans'>(
    '<name> <price> [description]',
    "an upgrade plan's price (an upgrade must be for exactly it) and what it is for, in a line",
    ([name, price = '', ...description]) => {
      const planName = required(name, 'the plan name (quoted)')
      const text = description.join(' ').trim()
      return {
        area: 'plans',
        change(input) {
          const found = input.upgrades.find((row) => sameName(row.name, planName))
          if (!found)
            throw new Error(`No upgrade plan '${planName}' (config plan-set upgrade first).`)
          found.price = price.trim() === '' ? 'none' : price
          if (text) found.description = text
        },
        said(content) {
          const plan = content.upgrades.find((row) => sameName(row.name, planName))
          return `Plan '${planName}' costs ${formatMoney(plan?.price)}${text ? `: ${text}` : ''}.`
        },
      }
    },
  ),
  'config plan-remove': editing<'plans'>(
    '<fixed_deposit|upgrade> <name>',
    'stop offering a plan (running deposits keep their terms)',
    ([kind, name]) => {
      if (kind !== 'fixed_deposit' && kind !== 'upgrade')
        throw new Error("The kind is 'fixed_deposit' or 'upgrade'.")
      const planName = required(name, 'the plan name (quoted)')
      const list = kind === 'fixed_deposit' ? 'fixed_deposits' : 'upgrades'
      return {
        area: 'plans',
        change(input) {
          const rows: { name: string }[] = input[list]
          const kept = rows.filter((row) => !sameName(row.name, planName))
          if (kept.length === rows.length) throw new Error(`No ${kind} plan '${planName}'.`)
          Object.assign(input, { [list]: kept })
        },
        said: () => `Plan '${planName}' is no longer offered.`,
      }
    },
  ),
  'config step-up-limit': editing<'charges'>(
    '<plan|default> <amount>',
    'transfers above this amount need an e-mailed code',
    ([plan, amount = '']) => {
      const name = required(plan, "the plan name (quoted) or 'default'")
      return {
        area: 'charges',
        change(input) {
          if (name === 'default') input.step_up_default = amount
          else {
            const found = input.step_up_limits.find((row) => sameName(row.plan, name))
            if (found) found.limit = amount
            else input.step_up_limits.push({ plan: name, limit: amount })
          }
        },
        said(content) {
          const limit =
            name === 'default'
              ? content.step_up_default
              : content.step_up_limits.find((row) => sameName(row.plan, name))?.limit
          return `Step-up above ${formatMoney(limit)} for ${name === 'default' ? 'plans without their own limit' : name}.`
        },
      }
    },
  ),
  'config step-up-new-payee': editing<'charges'>(
    '<on|off>',
    'whether a transfer to a new payee needs an e-mailed code',
    ([value]) => {
      if (value !== 'on' && value !== 'off') throw new Error("Give 'on' or 'off'.")
      return {
        area: 'charges',
        change(input) {
          input.step_up_new_payee = value === 'on'
        },
        said: () => `Step-up for new payees is ${value}.`,
      }
    },
  ),
  'config contact': editing<'contact'>(
    '<whatsapp|email|phone|swift|routing|country> <value>',
    'contact and institution details (getcontact, the institutional-transfer page)',
    ([field, ...value]) => {
      const fields = ['whatsapp', 'email', 'phone', 'swift', 'routing', 'country'] as const
      const key = fields.find((one) => one === field)
      if (!key) throw new Error(`The field is one of ${fields.join(', ')}.`)
      const text = required(value.join(' '), 'the value')
      return {
        area: 'contact',
        change(input) {
          input[key] = text
        },
        said: (content) => `${key} is ${content[key]}.`,
      }
    },
  ),
  'config four-eyes': editing<'four-eyes'>(
    '<action> <threshold|-> [expiry minutes]',
    `above which amount an action needs a second person (- for a proposed change, which always does), and how long its approval waits; the actions: ${fourEyesRuleNames.join(', ')} (quote them)`,
    ([action = '', threshold = '', minutes]) => {
      const rule = fourEyesRuleNames.find((name) => name === action.trim())
      if (!rule) throw new Error(`The action is one of: ${fourEyesRuleNames.join(', ')}.`)
      return {
        area: 'four-eyes',
        change(input) {
          const row = input.rules.find((one) => one.rule === rule)
          if (!row) throw new Error(`The four-eyes rules lack ${rule}.`)
          row.threshold = threshold === '-' ? '' : threshold
          if (minutes !== undefined) row.expiry_minutes = minutes
        },
        said(content) {
          const row = content.rules.find((one) => one.rule === rule)
          const above =
            row?.threshold === null || row === undefined
              ? 'always'
              : `above ${formatMoney(row.threshold)}`
          return `${fourEyesRules[rule].says} needs a second person ${above}, within ${row?.expiry_minutes} minutes.`
        },
      }
    },
  ),
}
