import { Trans } from '@lingui/react/macro'
import type { Notice } from '#api/notice'
import { RedirectNotice } from '#ui/redirect-notice'
import * as styles from './account-form.css'
import { SuccessMark } from './success-mark'

export interface OutcomePanelProps {
  title: string
  notice: Notice
  /** Where the timed redirect leads: "sign in", "your dashboard". */
  destination: string
  onContinue: () => void
}

/**
 * A finished step that moves on by itself after the machine's redirect delay: the success
 * mark, a title, the server's message and Continue to go at once.
 */
export function OutcomePanel({ title, notice, destination, onContinue }: OutcomePanelProps) {
  return (
    <div className={styles.outcome}>
      <SuccessMark />
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>
        <Trans>Taking you to {destination} in a few seconds.</Trans>
      </p>
      <div className={styles.outcomeBody}>
        <RedirectNotice
          type={notice.tone}
          message={notice.message}
          destination={destination}
          onContinue={onContinue}
        />
      </div>
    </div>
  )
}
