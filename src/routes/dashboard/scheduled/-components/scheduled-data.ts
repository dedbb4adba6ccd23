import { call } from '#api/session-client'
import { sectionData } from '../../-shared/section-data'

/** The customer's series still to run, with their upcoming days. */
export async function loadScheduledTransfers() {
  return sectionData<'scheduledTransfers'>(await call('scheduledTransfers', {}))
}

export type ScheduledData = Awaited<ReturnType<typeof loadScheduledTransfers>>
