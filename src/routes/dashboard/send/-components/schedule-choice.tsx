import { useSelector } from '@xstate/react'
import type { TransferSchedule } from '#machines/send.machine'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import * as styles from './send.css'
import type { SendActor } from './send-view'

const whenOptions = [
  { value: 'now', label: 'Send now' },
  { value: 'later', label: 'Send later' },
  { value: 'repeat', label: 'Repeat' },
] as const

const repeatOptions = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
] as const

const endOptions = [
  { value: 'after', label: 'After a number of transfers' },
  { value: 'on', label: 'On a date' },
] as const

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
      <legend className={styles.legend}>When</legend>
      <SelectField
        label="Send"
        name="when"
        options={whenOptions}
        value={schedule.when}
        onChange={(event) => set({ when: event.target.value as TransferSchedule['when'] })}
      />
      {schedule.when === 'now' ? null : (
        <TextField
          label={schedule.when === 'repeat' ? 'First date (UTC) *' : 'Date (UTC) *'}
          name="startsOn"
          type="date"
          min={first}
          max={last}
          value={schedule.startsOn}
          hint="Made on that day; the balance must cover it then."
          onChange={(event) => set({ startsOn: event.target.value })}
        />
      )}
      {schedule.when === 'repeat' ? (
        <>
          <SelectField
            label="Repeat"
            name="repeat"
            options={repeatOptions}
            value={schedule.repeat}
            hint="Monthly from the 29th to the 31st: the month's last day when it is shorter."
            onChange={(event) => set({ repeat: event.target.value as TransferSchedule['repeat'] })}
          />
          <SelectField
            label="Ends"
            name="ends"
            options={endOptions}
            value={schedule.ends}
            onChange={(event) => set({ ends: event.target.value as TransferSchedule['ends'] })}
          />
          {schedule.ends === 'after' ? (
            <TextField
              label="Number of transfers *"
              name="runCount"
              inputMode="numeric"
              value={schedule.runCount}
              hint="From 2 to 60, all within a year."
              onChange={(event) => set({ runCount: event.target.value })}
            />
          ) : (
            <TextField
              label="Last date (UTC) *"
              name="endsOn"
              type="date"
              min={schedule.startsOn || first}
              max={last}
              value={schedule.endsOn}
              hint="Within a year from today."
              onChange={(event) => set({ endsOn: event.target.value })}
            />
          )}
        </>
      ) : null}
    </fieldset>
  )
}
