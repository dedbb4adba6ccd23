import * as v from 'valibot'
import { toDecimalString } from '../../../money'
import { labelled } from '../../labels'
import { type FourEyesRuleName, fourEyesRuleNames, fourEyesRules } from '../approvals'
import { settingsArea } from './area'
import { amountInMinorUnits, emptyOr, rowList, said, wholeNumber } from './rules'

/**
 * Four eyes (docs/decisions/073, 077): above which amount each kind of decision waits for a
 * second member of staff, and how long any approval waits before it expires. A change of these
 * is itself a change of settings, under four eyes.
 */

/** The longest an approval may wait: a week. */
export const longestExpiryMinutes = 7 * 24 * 60

const hasThreshold = (rule: FourEyesRuleName) => fourEyesRules[rule].threshold

const threshold = emptyOr(amountInMinorUnits)

const rule = v.pipe(
  v.object(
    {
      rule: labelled(
        v.picklist(fourEyesRuleNames, `must be one of ${fourEyesRuleNames.join(', ')}`),
        'The action',
      ),
      threshold: labelled(threshold, 'The threshold'),
      expiry_minutes: labelled(wholeNumber(1, longestExpiryMinutes), 'The expiry in minutes'),
    },
    'must be a four-eyes rule',
  ),
  v.forward(
    v.partialCheck(
      [['rule'], ['threshold']],
      (row) => !hasThreshold(row.rule) || row.threshold !== null,
      'is required: above it a second person must approve',
    ),
    ['threshold'],
  ),
  v.forward(
    v.partialCheck(
      [['rule'], ['threshold']],
      (row) => hasThreshold(row.rule) || row.threshold === null,
      'is not taken: every such change needs a second person, whatever it is',
    ),
    ['threshold'],
  ),
)

const inRuleOrder = (a: { rule: FourEyesRuleName }, b: { rule: FourEyesRuleName }) =>
  fourEyesRuleNames.indexOf(a.rule) - fourEyesRuleNames.indexOf(b.rule)

const minutes = new Intl.NumberFormat('en-GB')

export const fourEyesArea = settingsArea({
  label: 'Four eyes',
  noun: 'four-eyes rules',
  about:
    'Above which amount confirming a request or settling a transfer waits for a second member of staff, and how long each kind of approval waits before it expires. Proposed changes (broadcasts, corrections, lifting a freeze, granting the admin role, these settings) always wait for a second person.',
  schema: labelled(
    v.object(
      {
        rules: labelled(
          v.pipe(
            rowList(labelled(rule, 'Rule'), (row) => row.rule),
            v.check(
              (rows) => fourEyesRuleNames.every((name) => rows.some((row) => row.rule === name)),
              `must name every action: ${fourEyesRuleNames.join(', ')}`,
            ),
            v.transform((rows) => [...rows].sort(inRuleOrder)),
          ),
          'The rules',
        ),
      },
      'must be the four-eyes rules',
    ),
    'The four-eyes rules',
  ),
  toInput: (content) => ({
    rules: content.rules.map((row) => ({
      rule: row.rule,
      threshold: row.threshold === null ? '' : toDecimalString(row.threshold),
      expiry_minutes: String(row.expiry_minutes),
    })),
  }),
  entries: (content) =>
    content.rules.map((row) => ({
      key: `rule:${row.rule}`,
      label: fourEyesRules[row.rule].says,
      parts: [
        ...(row.threshold === null ? [] : [{ name: 'Above', value: said.money(row.threshold) }]),
        { name: 'Expires after', value: `${minutes.format(row.expiry_minutes)} minutes` },
      ],
    })),
})
