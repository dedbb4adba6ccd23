import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { TransferSchedule } from '#machines/send.machine'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import * as styles from './send.css'
import type { SendActor } from './send-view'

const whenOptions = () => [
  { value: 'now', label: t`Send now` },
  { value: 'later', label: t`Send later` },
  { value: 'repeat', label: t`Repeat` },
]

const repeatOptions = () => [
  { value: 'weekly', label: t`Weekly` },
  { value: 'monthly', label: t`Monthly` },
]

const endOptions = () => [
  { value: 'after', label: t`After a number of transfers` },
  { value: 'on', label: t`On a date` },
]

/** A UTC day `days` from now, as a date input takes it (the portal's days are UTC: 065). */
const utcDayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * When the transfer is made, on the confirm step (decision 088): now, on a later day, or
 * repeating weekly or monthly until a day or for a number of transfers.
 */
export function ScheduleChoice({ actor }: { actor: SendActor }) {
  const schedule = useSelector(actor, (snapshot) => snapshot.context.schedule)
  const set = (change: Partial<TransferSchedule>) =>
    actor.send({ type: 'SET_SCHEDULE', schedule: change })
  const first = utcDayFromNow(1)
  const last = utcDayFromNow(366)
  return (
    <fieldset className={styles.fields}>
      <legend className={styles.legend}>
        <Trans>When</Trans>
      </legend>
      <SelectField
        label={t`Send`}
        name="when"
        options={whenOptions()}
        value={schedule.when}
        onChange={(event) => set({ when: event.target.value as TransferSchedule['when'] })}
      />
      {schedule.when === 'now' ? null : (
        <TextField
          label={schedule.when === 'repeat' ? t`First date (UTC) *` : t`Date (UTC) *`}
          name="startsOn"
          type="date"
          min={first}
          max={last}
          value={schedule.startsOn}
          hint={t`Made on that day; the balance must cover it then.`}
          onChange={(event) => set({ startsOn: event.target.value })}
        />
      )}
      {schedule.when === 'repeat' ? (
        <>
          <SelectField
            label={t`Repeat`}
            name="repeat"
            options={repeatOptions()}
            value={schedule.repeat}
            hint={t`Monthly from the 29th to the 31st: the month's last day when it is shorter.`}
            onChange={(event) => set({ repeat: event.target.value as TransferSchedule['repeat'] })}
          />
          <SelectField
            label={t`Ends`}
            name="ends"
            options={endOptions()}
            value={schedule.ends}
            onChange={(event) => set({ ends: event.target.value as TransferSchedule['ends'] })}
          />
          {schedule.ends === 'after' ? (
            <TextField
              label={t`Number of transfers *`}
              name="runCount"
              inputMode="numeric"
              value={schedule.runCount}
              hint={t`From 2 to 60, all within a year.`}
              onChange={(event) => set({ runCount: event.target.value })}
            />
          ) : (
            <TextField
              label={t`Last date (UTC) *`}
              name="endsOn"
              type="date"
              min={schedule.startsOn || first}
              max={last}
              value={schedule.endsOn}
              hint={t`Within a year from today.`}
              onChange={(event) => set({ endsOn: event.target.value })}
            />
          )}
        </>
      ) : null}
    </fieldset>
  )
}
