import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { CallResponse } from '#api/contract'
import { genders, maritalStatuses } from '#api/contract/profile-fields'
import { countries } from '#api/countries'
import { formatDayMonthYear } from '#api/day-month-year'
import { profileFieldNames } from '#machines/settings-forms'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { DayMonthYearField } from '#ui/day-month-year-field'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { useSubmitFocusingFirstError } from '../../../-components/submit-focusing-first-error'
import * as styles from '../../-shared/settings-form.css'
import type { SettingsFormActor } from '../../-shared/settings-form-actor'

type Profile = CallResponse<'customerProfile'>['user']

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

/**
 * The editable profile (`updateprofile`): the contract's rules, checked before sending (a
 * phone in international form, an adult's date of birth in the past, typed as dd/mm/yyyy, a
 * country from the list); a message under each field the rules refuse. An empty optional field
 * clears it.
 */
export function ProfileFormView({ actor, user }: { actor: SettingsFormActor; user: Profile }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const notice = useSelector(actor, (snapshot) => snapshot.context.notice)
  const countryOptions = useMemo(() => options(countries().map((country) => country.name)), [])
  const { formRef, submit } = useSubmitFocusingFirstError(() => {
    const data = formRef.current ? new FormData(formRef.current) : new FormData()
    const entry = Object.fromEntries(
      profileFieldNames.map((name) => [name, String(data.get(name) ?? '')]),
    )
    actor.send({ type: 'SUBMIT', entry })
  })
  const common = (name: keyof Profile) => ({
    name,
    defaultValue: user[name] ?? '',
    error: errors[name],
  })

  return (
    <Card heading={t`Personal details`}>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.grid} disabled={busy}>
          <TextField
            {...common('fullname')}
            label={t`Full name`}
            autoComplete="name"
            required
            className={styles.wide}
          />
          <TextField
            {...common('phone')}
            label={t`Phone`}
            type="tel"
            autoComplete="tel"
            hint={t`With + and the country code`}
          />
          <DayMonthYearField
            {...common('dateOfBirth')}
            defaultValue={formatDayMonthYear(user.dateOfBirth)}
            label={t`Date of birth`}
          />
          <SelectField
            {...common('gender')}
            label={t`Gender`}
            placeholder={t`Select ..`}
            options={options(genders)}
          />
          <SelectField
            {...common('maritalStatus')}
            label={t`Marital status`}
            placeholder={t`Select ..`}
            options={options(maritalStatuses)}
          />
          <SelectField
            {...common('country')}
            label={t`Country`}
            placeholder={t`Select your country`}
            options={countryOptions}
            autoComplete="country-name"
            className={styles.wide}
          />
          <TextField
            {...common('homeAddress')}
            label={t`Home address`}
            autoComplete="street-address"
            maxLength={300}
            className={styles.wide}
          />
          <TextField
            {...common('nextOfKin')}
            label={t`Next of kin`}
            maxLength={121}
            className={styles.wide}
          />
        </fieldset>
        <NoticeAlert notice={notice} />
        <div className={styles.actions}>
          <Button type="submit" busy={busy} busyLabel={t`Saving…`}>
            <Trans>Save profile</Trans>
          </Button>
        </div>
      </form>
    </Card>
  )
}
