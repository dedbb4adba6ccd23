import type { StaffCallResponse } from '#api/contract/staff'
import { When } from './when'

type Decided = StaffCallResponse<'kyccase'>['decided']

/**
 * Who decided an item and when, the same way on every page: "Confirmed by Ben Cole, <time>", and
 * when the decision waited for a second person (four eyes), who proposed it first: "proposed by
 * Ana Ruiz, <time>; confirmed by Ben Cole, <time>". "—" while it waits. `verb` is the decision
 * in words, from the item's status ("Confirmed", "Settled", "Rejected").
 */
export function DecidedBy({ decided, verb }: { decided: Decided; verb: string }) {
  if (!decided) return <>—</>
  const by = (
    <>
      by {decided.name}, <When at={decided.at} />
    </>
  )
  if (!decided.proposed)
    return (
      <>
        {verb} {by}
      </>
    )
  return (
    <>
      <ProposedBy name={decided.proposed.name} at={decided.proposed.at} />; {verb.toLowerCase()}{' '}
      {by}
    </>
  )
}

/** The maker of a decision that waits or waited for a second person: "Proposed by Ana Ruiz, <time>". */
export function ProposedBy({ name, at }: { name: string; at: string }) {
  return (
    <>
      Proposed by {name}, <When at={at} />
    </>
  )
}
