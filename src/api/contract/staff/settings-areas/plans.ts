import * as v from 'valibot'
import { toDecimalString } from '../../../money'
import { labelled } from '../../labels'
import { settingsArea } from './area'
import {
  optionalLine,
  optionalPositiveAmount,
  percentInBasisPoints,
  percentText,
  requiredLine,
  rowList,
  said,
  wholeNumber,
} from './rules'

/**
 * The plans the forms offer: fixed deposits (a term and a yearly rate) and upgrades (a price,
 * which an upgrade request must pay exactly; none: any amount), each with a line saying what it
 * is for. Running fixed deposits keep the terms they started with.
 */

const name = labelled(requiredLine(80), 'The name')
const description = labelled(optionalLine(200), 'The description')

const fixedDeposit = v.object(
  {
    name,
    term_days: labelled(wholeNumber(1, 9999), 'The term in days'),
    rate: labelled(percentInBasisPoints, 'The yearly rate'),
    description,
  },
  'must be a fixed-deposit plan',
)

const upgrade = v.object(
  {
    name,
    price: labelled(optionalPositiveAmount, 'The price'),
    description,
  },
  'must be an upgrade plan',
)

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`

export const plansArea = settingsArea({
  label: 'Plans',
  noun: 'plans',
  about:
    'The fixed deposits (term and yearly rate) and the upgrades (price) customers may choose, in the order the forms list them, each with what it is for.',
  schema: labelled(
    v.object(
      {
        fixed_deposits: labelled(
          rowList(labelled(fixedDeposit, 'Fixed deposit'), (row) => row.name),
          'The fixed deposits',
        ),
        upgrades: labelled(
          rowList(labelled(upgrade, 'Upgrade'), (row) => row.name),
          'The upgrades',
        ),
      },
      'must be the plans',
    ),
    'The plans',
  ),
  toInput: (content) => ({
    fixed_deposits: content.fixed_deposits.map((row) => ({
      name: row.name,
      term_days: String(row.term_days),
      rate: percentText(row.rate),
      description: row.description ?? '',
    })),
    upgrades: content.upgrades.map((row) => ({
      name: row.name,
      price: row.price === null ? '' : toDecimalString(row.price),
      description: row.description ?? '',
    })),
  }),
  entries: (content) => [
    ...content.fixed_deposits.map((row) => ({
      key: `fixed_deposit:${row.name.toLowerCase()}`,
      label: `Fixed deposit ${row.name}`,
      parts: [
        { name: 'Term', value: days(row.term_days) },
        { name: 'Yearly rate', value: said.percent(row.rate) },
        { name: 'Description', value: said.orNotSet(row.description) },
      ],
    })),
    ...content.upgrades.map((row) => ({
      key: `upgrade:${row.name.toLowerCase()}`,
      label: `Upgrade ${row.name}`,
      parts: [
        { name: 'Price', value: row.price === null ? 'any amount' : said.money(row.price) },
        { name: 'Description', value: said.orNotSet(row.description) },
      ],
    })),
  ],
})
