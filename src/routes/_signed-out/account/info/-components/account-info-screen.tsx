import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { buttonClass } from '#ui/button'
import { FlowPage } from '../../../-components/flow-page'
import * as page from '../../../-components/flow-page.css'
import * as styles from './account-info.css'

/** What each account status means and what the customer does about it, in their words. */
const statuses = () => [
  {
    term: t`E-mail not verified`,
    detail: t`Enter the 6-digit code we sent to your e-mail address. Sign in and we take you to the right page.`,
  },
  {
    term: t`Identity not verified`,
    detail: t`Send us your details, a photo of yourself and both sides of an identity document. Sign in to open the form.`,
  },
  {
    term: t`Verification under review`,
    detail: t`We are checking your documents. We will send you an e-mail when the review is done.`,
  },
  {
    term: t`Notice on your account`,
    detail: t`The bank has left you a message about your account. Sign in to read it, or contact support.`,
  },
]

/** account/info: a plain explanation of account statuses with the way to sign in. */
export function AccountInfoScreen() {
  const headingId = useId()
  return (
    <FlowPage title={t`Your account status`} labelledBy={headingId}>
      <div className={page.header}>
        <h1 id={headingId} className={page.title}>
          <Trans>Your account status</Trans>
        </h1>
        <p className={page.lead}>
          <Trans>
            Before you can use online banking, your account may need a step from you. Sign in and we
            will show you what is needed.
          </Trans>
        </p>
      </div>
      <ul className={styles.list}>
        {statuses().map((status) => (
          <li key={status.term} className={styles.item}>
            <span className={styles.term}>{status.term}</span>
            <span className={styles.detail}>{status.detail}</span>
          </li>
        ))}
      </ul>
      <div className={page.actions}>
        <Link to="/account/login" className={buttonClass()}>
          <Trans>Sign in</Trans>
        </Link>
      </div>
    </FlowPage>
  )
}
