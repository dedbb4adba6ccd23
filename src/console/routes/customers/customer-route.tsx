import { createRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly } from '../../section'
import { signedInRoute } from '../signed-in'
import { CustomerScreen } from './customer-screen'
import { customerPageAccess } from './page-access'

const customerAddress = v.object({
  ledger: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

/** One customer's page (opening it is written to the audit log), with a page of their ledger. */
export const customerRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'customers/$id',
  validateSearch: customerAddress,
  beforeLoad: allowOnly(customerPageAccess),
  loaderDeps: ({ search }) => ({ ledger: search.ledger }),
  loader: async ({ params, deps }) => {
    const [customer, ledger] = await Promise.all([
      staffCall('customerpage', { customer_id: params.id }),
      staffCall('customerledger', {
        customer_id: params.id,
        page: deps.ledger ? String(deps.ledger) : undefined,
      }),
    ])
    return { customer: answerOrThrow(customer), ledger: answerOrThrow(ledger) }
  },
  component: CustomerScreen,
})
