import * as v from 'valibot'
import { portalCalls as calls } from '#api/contract/portal-calls'
import { call } from '#api/session-client'
import { type SectionData, sectionData } from '../../-shared/section-data'

export type ReceiptState = SectionData<'transactionReceipt'>

/**
 * The receipt route's loader: the caller's transaction with this receipt id (`getreceipt`). The
 * server answers another customer's id like an unknown one (transaction null); an id that could
 * not be any receipt (too long) is not asked for and reads the same.
 */
export async function loadReceipt(receiptId: string): Promise<ReceiptState> {
  if (!v.safeParse(calls.transactionReceipt.request, { receiptId }).success)
    return { status: 'ready', data: { transaction: null, currency: '' } }
  return sectionData<'transactionReceipt'>(await call('transactionReceipt', { receiptId }))
}
