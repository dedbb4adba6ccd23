import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import {
  driversLicense,
  driversLicenseLabel,
  type kycRequestMachine,
} from '#machines/kyc-request.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { CopyButton } from '#ui/copy-button'
import { SelectField } from '#ui/select-field'
import { UploadBox } from '#ui/upload-box'
import { useSubmitFocusingFirstError } from '../../../-components/submit-focusing-first-error'
import * as styles from '../../-shared/proof-of-payment/proof-of-payment.css'

export type KycRequestActor = ActorRefFrom<typeof kycRequestMachine>

export interface KycRequestViewProps {
  actor: KycRequestActor
  /** The bank's verification address (its support e-mail); null when the bank has none. */
  address: string | null
}

/** A chosen file, or null for an input left empty (the browser sends an empty, nameless file). */
function chosenFile(value: FormDataEntryValue | null): File | null {
  if (!(value instanceof File)) return null
  return value.size > 0 || value.name !== '' ? value : null
}

/**
 * The KYC request form: the bank's verification address with Copy, the document type (only
 * Driver's License, spec section 2), the file and Request verification. After a sent request
 * the form starts empty under the notice.
 */
export function KycRequestView({ actor, address }: KycRequestViewProps) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const sentCount = useSelector(actor, (snapshot) => snapshot.context.sentCount)
  const { formRef, submit } = useSubmitFocusingFirstError((form) => {
    const data = new FormData(form)
    const type = data.get('type')
    actor.send({
      type: 'SUBMIT',
      entry: {
        type: typeof type === 'string' ? type : '',
        document: chosenFile(data.get('document')),
      },
    })
  })

  return (
    <Card heading={t`Request verification`}>
      <form key={sentCount} ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        {address ? (
          <div className={styles.address}>
            <p className={styles.addressText}>
              <span className={styles.addressLabel}>
                <Trans>Verification address</Trans>
              </span>
              <span className={styles.addressValue}>{address}</span>
            </p>
            <CopyButton value={address} label={t`verification address`} />
          </div>
        ) : null}
        <SelectField
          name="type"
          label={t`Document type`}
          options={[{ value: driversLicense, label: driversLicenseLabel() }]}
          defaultValue={driversLicense}
          error={fieldErrors.type}
          disabled={busy}
        />
        <UploadBox
          label={t`Your driver's license`}
          name="document"
          error={fieldErrors.document}
          disabled={busy}
        />
        <NoticeAlert notice={notice} />
        <Button type="submit" fullWidth busy={busy} busyLabel={t`Sending…`}>
          <Trans>Request verification</Trans>
        </Button>
      </form>
    </Card>
  )
}
