import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import * as styles from './copy-button.css'
import { Icon } from './icon'
import { toastDurations } from './toast-durations'
import { toast } from './toast-store'

/** Spec section 8, word for word. */
export const copiedMessage = () => t`Copied to clipboard`

export interface CopyButtonProps {
  /** What is copied. */
  value: string
  /** What it is, for the button's name: "account number" gives "Copy account number". */
  label: string
}

/**
 * Copies `value` to the clipboard and says 'Copied to clipboard'. A failed copy (no clipboard
 * permission, an insecure page) only logs, as spec section 7 asks: the value stays on screen
 * to select by hand.
 */
export function CopyButton({ value, label }: CopyButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      toast({ type: 'success', message: copiedMessage(), duration: toastDurations.default })
    } catch (error) {
      console.error(`Copying the ${label} failed`, error)
    }
  }
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={t`Copy ${label}`}
      onClick={() => void copy()}
    >
      <Icon name="copy" size={18} />
      <span>
        <Trans>Copy</Trans>
      </span>
    </button>
  )
}
