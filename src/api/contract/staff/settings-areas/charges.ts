import * as v from 'valibot'
import { toDecimalString } from '../../../money'
import { labelled } from '../../labels'
import { settingsArea } from './area'
import {
  amountInMinorUnits,
  percentInBasisPoints,
  percentText,
  requiredLine,
  rowList,
  said,
  yesOrNo,
} from './rules'

/**
 * What a transfer costs and when it needs the e-mailed step-up code (docs/decisions/031): the
 * service charge, the amount above which a code is asked (the bank's, or a plan's own), and
 * whether a new payee asks for one.
 */

const stepUpLimit = v.object(
  {
    plan: labelled(requiredLine(80), 'The plan'),
    limit: labelled(amountInMinorUnits, 'The step-up limit'),
  },
  'must be a plan and its limit',
)

/**
 * The order a version keeps the plans' limits in: by plan, in code-unit order, the same on every
 * machine (a database's collation may differ).
 */
export const byPlan = (a: { plan: string }, b: { plan: string }) =>
  a.plan < b.plan ? -1 : a.plan > b.plan ? 1 : 0

export const chargesArea = settingsArea({
  label: 'Service charge and step-up',
  noun: 'service charge and step-up limits',
  about:
    'The service charge on every transfer, and when a transfer needs the code e-mailed to the customer: above an amount (the bank’s, or a plan’s own) or to a new payee.',
  schema: labelled(
    v.object(
      {
        service_charge: labelled(percentInBasisPoints, 'The service charge'),
        step_up_default: labelled(amountInMinorUnits, 'The step-up limit'),
        step_up_new_payee: labelled(yesOrNo, 'The step-up for new payees'),
        step_up_limits: labelled(
          v.pipe(
            rowList(labelled(stepUpLimit, 'Plan'), (row) => row.plan),
            v.transform((rows) => [...rows].sort(byPlan)),
          ),
          'The plans’ step-up limits',
        ),
      },
      'must be the charge and step-up settings',
    ),
    'The charge and step-up settings',
  ),
  toInput: (content) => ({
    service_charge: percentText(content.service_charge),
    step_up_default: toDecimalString(content.step_up_default),
    step_up_new_payee: content.step_up_new_payee,
    step_up_limits: content.step_up_limits.map((row) => ({
      plan: row.plan,
      limit: toDecimalString(row.limit),
    })),
  }),
  entries: (content) => [
    {
      key: 'service_charge',
      label: 'Service charge',
      parts: [{ name: '', value: said.percent(content.service_charge) }],
    },
    {
      key: 'step_up_default',
      label: 'Step-up above, for plans without their own',
      parts: [{ name: '', value: said.money(content.step_up_default) }],
    },
    {
      key: 'step_up_new_payee',
      label: 'Step-up for a new payee',
      parts: [{ name: '', value: said.yesNo(content.step_up_new_payee) }],
    },
    ...content.step_up_limits.map((row) => ({
      key: `step_up:${row.plan.toLowerCase()}`,
      label: `Step-up above, plan ${row.plan}`,
      parts: [{ name: '', value: said.money(row.limit) }],
    })),
  ],
})
