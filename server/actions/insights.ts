import { calls } from '#api/contract'
import { fieldRefusal } from '#api/contract/labels'
import { toDecimalString } from '#api/money'
import { type InAndOut, insightsMonths, readInsights } from '../domain/insights'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError } from '../rpc/protocol-error'
import { loadCustomer } from '../views/customer'

/** Insights (issue 20, docs/decisions/089): money in and out by month, and by type. */

const onWire = <Figures extends InAndOut>({ moneyIn, moneyOut, ...rest }: Figures) => ({
  ...rest,
  moneyIn: toDecimalString(moneyIn),
  moneyOut: toDecimalString(moneyOut),
})

export const insights: Handler<'insights'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const [customer, figures] = await Promise.all([
    loadCustomer(deps.db, userId),
    readInsights(deps.db, userId, input.month || null, deps.now()),
  ])
  if (!figures)
    throw new ProtocolError(
      400,
      fieldRefusal(calls.insights, 'month', `must be one of the last ${insightsMonths} months`),
    )
  return {
    currency: customer.currency,
    month: figures.month,
    months: figures.months.map(onWire),
    types: figures.types.map(onWire),
  }
}
