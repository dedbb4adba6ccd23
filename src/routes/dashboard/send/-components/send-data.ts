import { wireToMinor } from '#api/money'
import { call } from '#api/session-client'
import type { SavedPayee } from '#machines/send.machine'
import { sectionData } from '../../-shared/section-data'

/** What the send chain reads once on entering it: saved payees, the charge and the balance. */
export type SendData =
  | {
      status: 'ready'
      payees: readonly SavedPayee[]
      /** getperc's percent; the machine charges 10 when it is not a usable number. */
      percent: number | null
      /** Minor units. */
      balance: number
      currency: string
    }
  | { status: 'failed'; message: string }

/** The `dashboard/send` layout's loader: `gettrslist` and `getperc` side by side. */
export async function loadSendData(): Promise<SendData> {
  const [list, perc] = await Promise.all([call('transferList', {}), call('transferCharge', {})])
  const payees = sectionData<'transferList'>(list)
  const charge = sectionData<'transferCharge'>(perc)
  if (payees.status === 'failed') return payees
  if (charge.status === 'failed') return charge
  return {
    status: 'ready',
    payees: payees.data.payees,
    percent: charge.data.percent.percent,
    balance: wireToMinor(charge.data.balances.available),
    currency: charge.data.currency || payees.data.currency,
  }
}
