import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useId, useMemo, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { countries, countriesIn } from '#api/countries'
import { intlLocale, type Language } from '#api/languages'
import { driversLicense, type kycMachine } from '#machines/kyc.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { DayMonthYearField } from '#ui/day-month-year-field'
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
  // The issuing country is sent as its ISO code and shown in the page's language.
  const locale = intlLocale[i18n.locale as Language] ?? 'en-GB'
  const issuingCountryOptions = useMemo(
    () => countriesIn(locale).map((country) => ({ value: country.code, label: country.name })),
    [locale],
  )
  // The bank's own document types come as the bank names them; the default one is ours.
  const typeOptions = documentTypes.map((name) => ({
    value: name,
    label: name === driversLicense ? t`Driver's License` : name,
  }))
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
      <FlowPage title={t`Documents submitted`} labelledBy={headingId}>
        <div className={styles.done}>
          <span className={styles.doneBadge} aria-hidden="true">
            <Icon name="check" size={30} strokeWidth={2} />
          </span>
          <h1 id={headingId} className={page.title}>
            <Trans>Documents submitted</Trans>
          </h1>
          <p className={page.lead}>
            <Trans>
              We will now review your details and documents. Next, we show you the status of your
              verification.
            </Trans>
          </p>
        </div>
        {alert ? (
          <RedirectNotice
            type={alert.tone}
            message={alert.message}
            destination={t`your verification status`}
            onContinue={() => actor.send({ type: 'CONTINUE' })}
          />
        ) : null}
      </FlowPage>
    )
  }

  return (
    <FlowPage title={t`Verify your identity`} wide labelledBy={headingId}>
      <div className={page.header}>
        <span className={styles.step}>
          <Trans>Identity verification</Trans>
        </span>
        <h1 id={headingId} className={page.title}>
          <Trans>Verify your identity</Trans>
        </h1>
        <p className={page.lead}>
          <Trans>
            Banking rules require us to confirm who you are before you can use your account. Tell us
            when you were born and where you live, add a photo of yourself and the details and both
            sides of an identity document.
          </Trans>
        </p>
      </div>
      <div ref={alertRef} tabIndex={-1} className={styles.alertAnchor}>
        <NoticeAlert notice={alert} />
      </div>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.section} disabled={busy}>
          <legend className={styles.legend}>
            <Trans>Your details</Trans>
          </legend>
          <div className={styles.grid}>
            <DayMonthYearField
              label={t`Date of birth`}
              name="dateOfBirth"
              autoComplete="bday"
              required
              error={fieldErrors.dateOfBirth}
            />
            <TextField
              label={t`Phone number`}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              required
              hint={t`With + and the country code`}
              error={fieldErrors.phone}
            />
            <SelectField
              className={styles.full}
              label={t`Country`}
              name="country"
              autoComplete="country-name"
              placeholder={t`Select your country`}
              options={countryOptions}
              defaultValue=""
              required
              error={fieldErrors.country}
            />
            <TextField
              className={styles.full}
              label={t`Home address`}
              name="homeAddress"
              autoComplete="street-address"
              maxLength={300}
              required
              error={fieldErrors.homeAddress}
            />
            <div className={styles.full}>
              <UploadBox label={t`Your photo`} name="pic" kind="photo" error={fieldErrors.pic} />
            </div>
          </div>
        </fieldset>
        <hr className={styles.divider} />
        <fieldset className={styles.section} disabled={busy}>
          <legend className={styles.legend}>
            <Trans>Identity document</Trans>
          </legend>
          <div className={styles.grid}>
            <SelectField
              label={t`Document type`}
              name="type"
              placeholder={t`Select a document`}
              options={typeOptions}
              defaultValue=""
              required
              hint={snapshot.hasTag('loading') ? t`Loading more document types…` : undefined}
              error={fieldErrors.type}
            />
            <TextField
              label={t`Document number`}
              name="documentNumber"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={30}
              required
              hint={t`Letters and digits, as printed on the document`}
              error={fieldErrors.documentNumber}
            />
            <SelectField
              label={t`Issuing country`}
              name="documentCountry"
              placeholder={t`Select the issuing country`}
              options={issuingCountryOptions}
              defaultValue=""
              required
              error={fieldErrors.documentCountry}
            />
            <DayMonthYearField
              label={t`Expiry date`}
              name="documentExpiry"
              autoComplete="off"
              required
              hint={t`dd/mm/yyyy, as printed on the document`}
              error={fieldErrors.documentExpiry}
            />
            <UploadBox
              label={t`Front of the document`}
              name="idcardFront"
              error={fieldErrors.idcardFront}
            />
            <UploadBox
              label={t`Back of the document`}
              name="idcardBack"
              error={fieldErrors.idcardBack}
            />
          </div>
        </fieldset>
        <p className={styles.note}>
          <Trans>
            Your documents are sent over an encrypted connection and are seen only by our
            verification team.
          </Trans>
        </p>
        <Button type="submit" fullWidth busy={busy} busyLabel={t`Submitting…`}>
          <Trans>Submit for verification</Trans>
        </Button>
      </form>
    </FlowPage>
  )
}
