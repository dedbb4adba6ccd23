import type { StaffCallResponse } from '#api/contract/staff'
import { When } from './when'

type Decided = StaffCallResponse<'kyccase'>['decided']

/** Who decided an item and when; "—" while it waits. */
export function DecidedBy({ decided }: { decided: Decided }) {
  if (!decided) return <>—</>
  return (
    <>
      {decided.name}, <When at={decided.at} />
    </>
  )
}
