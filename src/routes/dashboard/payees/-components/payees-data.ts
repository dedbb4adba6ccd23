import { call } from '#api/session-client'
import { sectionData } from '../../-shared/section-data'

/** The payee book's entries matching the search (all of them for none), by name. */
export async function loadPayees(search: string) {
  return { search, book: sectionData<'payeeList'>(await call('payeeList', { search })) }
}

export type PayeesData = Awaited<ReturnType<typeof loadPayees>>
