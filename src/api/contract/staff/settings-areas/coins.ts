import * as v from 'valibot'
import { transactionHashFormatNames, transactionHashFormats } from '../../../chain-rules'
import { plainString } from '../../fields'
import { labelled } from '../../labels'
import { settingsArea } from './area'
import { optionalLine, requiredLine, rowList, said, yesOrNo } from './rules'

/**
 * The coins customers pay with, each with the bank's deposit address and its chain
 * (docs/decisions/066): what the deposit, payment, fixed-deposit and upgrade forms list.
 */

/** An explorer address template: https, with `{hash}` where the transaction's hash goes. */
export function isExplorerTemplate(template: string): boolean {
  if (!template.includes('{hash}')) return false
  try {
    return new URL(template.replaceAll('{hash}', 'x')).protocol === 'https:'
  } catch {
    return false
  }
}

export const hashFormatChoices = transactionHashFormatNames.map((format) => ({
  value: format,
  label: transactionHashFormats[format].says,
}))

const coin = v.object(
  {
    // The name is how requests name their coin: it is never changed, only no longer offered.
    name: labelled(requiredLine(40), 'The name'),
    address: labelled(
      v.pipe(
        plainString('must be text'),
        v.trim(),
        v.nonEmpty('is required'),
        v.maxLength(200, 'must be at most 200 characters'),
        v.regex(/^\S+$/, 'must have no spaces'),
      ),
      'The deposit address',
    ),
    network: labelled(optionalLine(60), 'The network'),
    hash_format: labelled(
      v.picklist(
        transactionHashFormatNames,
        `must be one of ${transactionHashFormatNames.join(', ')}`,
      ),
      'The hash format',
    ),
    explorer: labelled(
      v.pipe(
        optionalLine(300),
        v.check(
          (url) => url === null || isExplorerTemplate(url),
          'must be an https address with {hash} where the hash goes, e.g. https://mempool.space/testnet4/tx/{hash}',
        ),
      ),
      'The explorer',
    ),
    offered: labelled(yesOrNo, 'Offered'),
  },
  'must be a coin',
)

export const coinsArea = settingsArea({
  label: 'Coins and deposit addresses',
  noun: 'coins and deposit addresses',
  about:
    "The coins customers pay with, in the forms' order, each with the bank's deposit address, the chain it is on, how its transaction hashes are written and the explorer where staff check a payment.",
  schema: labelled(
    v.object(
      {
        coins: labelled(
          rowList(labelled(coin, 'Coin'), (row) => row.name),
          'The coins',
        ),
      },
      'must be the coins',
    ),
    'The coins and addresses',
  ),
  toInput: (content) => ({
    coins: content.coins.map((row) => ({
      ...row,
      network: row.network ?? '',
      explorer: row.explorer ?? '',
    })),
  }),
  entries: (content) =>
    content.coins.map((row) => ({
      key: `coin:${row.name.toLowerCase()}`,
      label: `Coin ${row.name}`,
      parts: [
        { name: 'Address', value: row.address },
        { name: 'Network', value: said.orNotSet(row.network) },
        { name: 'Hashes', value: transactionHashFormats[row.hash_format].says },
        { name: 'Explorer', value: row.explorer ?? 'none' },
        { name: 'Offered', value: said.yesNo(row.offered) },
      ],
    })),
})
