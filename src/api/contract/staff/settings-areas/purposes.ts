import * as v from 'valibot'
import { labelled } from '../../labels'
import { settingsArea } from './area'
import { requiredLine, rowList } from './rules'

/** What a customer may pay for with Make payment (a loan repayment, a card bill, …). */

export const purposesArea = settingsArea({
  label: 'Payment purposes',
  noun: 'payment purposes',
  about: 'What customers may pay for with Make payment, in the order the form lists them.',
  schema: labelled(
    v.object(
      {
        purposes: labelled(
          rowList(labelled(requiredLine(80), 'Purpose'), (name) => name),
          'The purposes',
        ),
      },
      'must be the purposes',
    ),
    'The purposes',
  ),
  toInput: (content) => ({ purposes: [...content.purposes] }),
  entries: (content) =>
    content.purposes.map((name) => ({
      key: `purpose:${name.toLowerCase()}`,
      label: 'Purpose',
      parts: [{ name: '', value: name }],
    })),
})
