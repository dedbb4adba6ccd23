import { t } from '@lingui/core/macro'
import { toast } from '#ui/toast-store'

export const notAvailableMessage = () => t`Not Available in your region`

/** Loan, Credit Card and Pay Bills are not offered: say so. */
export function announceNotAvailable(): void {
  toast({ type: 'error', message: notAvailableMessage() })
}
