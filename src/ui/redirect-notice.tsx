import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { AlertBox } from './alert-box'
import { Button } from './button'

export interface RedirectNoticeProps {
  /** 'success' or 'error'; anything else is shown as a warning (the alert box's rule). */
  type: string
  message: string
  /** Where the customer is about to go, for the button's accessible name. */
  destination: string
  /** Skips the wait: the view sends the machine's CONTINUE event. */
  onContinue: () => void
}

/**
 * The message shown while a flow waits its spec delay (5 s, 3 s) before moving on, with a
 * Continue button so no one has to wait. The delay itself lives in the machine.
 */
export function RedirectNotice({ type, message, destination, onContinue }: RedirectNoticeProps) {
  return (
    <AlertBox display type={type} msg={message}>
      <Button variant="secondary" onClick={onContinue} aria-label={t`Continue to ${destination}`}>
        <Trans>Continue</Trans>
      </Button>
    </AlertBox>
  )
}
