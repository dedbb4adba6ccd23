import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useId, useMemo, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { countries } from '#api/countries'
import type { kycMachine } from '#machines/kyc.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Icon } from '#ui/icon'
import { RedirectNotice } from '#ui/redirect-notice'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { UploadBox } from '#ui/upload-box'
import { FlowPage } from '../../../-components/flow-page'
import * as page from '../../../-components/flow-page.css'
import * as styles from './kyc-form.css'
import { readKycForm } from './kyc-form-data'

export type KycActor = ActorRefFrom<typeof kycMachine>

/**
 * The KYC form drawn from the KYC machine. The inputs hold their own values; Submit sends them
 * all in one SUBMIT event and the machine decides. After a success the form gives way to the
 * machine's message with Continue.
 */
export function KycFormView({ actor }: { actor: KycActor }) {
  const snapshot = useSelector(actor, (current) => current)
  const { documentTypes, fieldErrors, alert } = snapshot.context
  const headingId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const countryOptions = useMemo(
    () => countries().map((country) => ({ value: country.name, label: country.name })),
    [],
  )
  const typeOptions = documentTypes.map((name) => ({ value: name, label: name }))
  const busy = snapshot.hasTag('busy')

  // After a submission with missing fields, the focus goes to the first of them.
  useEffect(() => {
    if (Object.keys(fieldErrors).length === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [fieldErrors])

  // A failed submission is told at the top of the form: bring it into view and focus.
  useEffect(() => {
    if (alert?.tone === 'error') alertRef.current?.focus()
  }, [alert])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    actor.send({ type: 'SUBMIT', form: readKycForm(new FormData(event.currentTarget)) })
  }

  if (!snapshot.hasTag('form')) {
    return (
      <FlowPage title="Documents submitted" labelledBy={headingId}>
        <div className={styles.done}>
          <span className={styles.doneBadge} aria-hidden="true">
            <Icon name="check" size={30} strokeWidth={2} />
          </span>
          <h1 id={headingId} className={page.title}>
            Documents submitted
          </h1>
          <p className={page.lead}>
            We will now review your details and documents. Next, we show you the status of your
            verification.
          </p>
        </div>
        {alert ? (
          <RedirectNotice
            type={alert.tone}
            message={alert.message}
            destination="your verification status"
            onContinue={() => actor.send({ type: 'CONTINUE' })}
          />
        ) : null}
      </FlowPage>
    )
  }

  return (
    <FlowPage title="Verify your identity" wide labelledBy={headingId}>
      <div className={page.header}>
        <span className={styles.step}>Identity verification</span>
        <h1 id={headingId} className={page.title}>
          Verify your identity
        </h1>
        <p className={page.lead}>
          Banking rules require us to confirm who you are before you can use your account. Tell us
          where you live, add a photo of yourself and both sides of an identity document.
        </p>
      </div>
      <div ref={alertRef} tabIndex={-1} className={styles.alertAnchor}>
        <NoticeAlert notice={alert} />
      </div>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.section} disabled={busy}>
          <legend className={styles.legend}>Your details</legend>
          <div className={styles.grid}>
            <SelectField
              label="Country"
              name="country"
              autoComplete="country-name"
              placeholder="Select your country"
              options={countryOptions}
              defaultValue=""
              required
              error={fieldErrors.country}
            />
            <TextField
              label="Phone number"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              required
              hint="With + and the country code"
              error={fieldErrors.phone}
            />
            <TextField
              className={styles.full}
              label="Home address"
              name="homeAddress"
              autoComplete="street-address"
              maxLength={300}
              required
              error={fieldErrors.homeAddress}
            />
            <div className={styles.full}>
              <UploadBox label="Your photo" name="pic" kind="photo" error={fieldErrors.pic} />
            </div>
          </div>
        </fieldset>
        <hr className={styles.divider} />
        <fieldset className={styles.section} disabled={busy}>
          <legend className={styles.legend}>Identity document</legend>
          <div className={styles.grid}>
            <SelectField
              className={styles.full}
              label="Document type"
              name="type"
              placeholder="Select a document"
              options={typeOptions}
              defaultValue=""
              required
              hint={snapshot.hasTag('loading') ? 'Loading more document types…' : undefined}
              error={fieldErrors.type}
            />
            <UploadBox
              label="Front of the document"
              name="idcardFront"
              error={fieldErrors.idcardFront}
            />
            <UploadBox
              label="Back of the document"
              name="idcardBack"
              error={fieldErrors.idcardBack}
            />
          </div>
        </fieldset>
        <p className={styles.note}>
          Your documents are sent over an encrypted connection and are seen only by our verification
          team.
        </p>
        <Button type="submit" fullWidth busy={busy} busyLabel="Submitting…">
          Submit for verification
        </Button>
      </form>
    </FlowPage>
  )
}
