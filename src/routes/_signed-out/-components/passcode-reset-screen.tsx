import { t } from '@lingui/core/macro'
import { useResetActor } from '../../-components/reset-actor'
import { ResetView } from '../../-components/reset-view'
import { SignedOutLayout } from './signed-out-layout'

export interface PasscodeResetScreenProps {
  email?: string | undefined
  /** The code from the link; the screen then asks only for the new passcode. */
  code?: string | undefined
}

/** Reset passcode, at `/account/reset` (`?email=` prefills) and `/account/reset/r/$email/$token`. */
export function PasscodeResetScreen({ email, code }: PasscodeResetScreenProps) {
  const actor = useResetActor('passcode', { email, code })
  return (
    <SignedOutLayout title={t`Reset your passcode`}>
      <ResetView actor={actor} />
    </SignedOutLayout>
  )
}
