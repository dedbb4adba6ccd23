import { type FormEvent, useState } from 'react'
import type { StaffCallResponse } from '#api/contract/staff'
import { formatDayMonthYear, parseDayMonthYear } from '#api/day-month-year'
import { Button, buttonClass } from '#ui/button'
import { DayMonthYearField } from '#ui/day-month-year-field'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { ConsoleLink } from '../../navigation'
import * as styles from './audit.css'
import type { AuditSearch } from './audit-search'

type Filter = Pick<AuditSearch, 'person' | 'command' | 'customer' | 'from' | 'to'>

/** The person select's value: a member of staff's id, or 'terminal'. */
const personOf = (value: FormDataEntryValue | null): Filter['person'] => {
  const chosen = String(value ?? '')
  return chosen === '' ? undefined : chosen === 'terminal' ? 'terminal' : Number(chosen)
}
type Choices = Pick<StaffCallResponse<'auditlist'>, 'people' | 'commands'>

const terminalChoice = { value: 'terminal', label: 'The terminal (before any staff)' }

/** A typed dd/mm/yyyy as YYYY-MM-DD; undefined when empty, null when it cannot be read. */
function dayOf(value: FormDataEntryValue | null): string | undefined | null {
  const typed = String(value ?? '').trim()
  return typed === '' ? undefined : parseDayMonthYear(typed)
}

const textOf = (value: FormDataEntryValue | null) => String(value ?? '').trim() || undefined

/**
 * The log's filter: a person (or the terminal), an action, a customer by e-mail or account
 * number, and the first and last day (UTC). It applies on "Show", a new list from its first page.
 */
export function AuditFilterForm({
  applied,
  choices,
  onApply,
}: {
  applied: Filter
  choices: Choices
  onApply: (filter: Filter) => void
}) {
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const from = dayOf(fields.get('from'))
    const to = dayOf(fields.get('to'))
    const unreadable = 'Type the day as dd/mm/yyyy.'
    const found = {
      from: from === null ? unreadable : undefined,
      to:
        to === null
          ? unreadable
          : from && to && from > to
            ? 'The last day must not be before the first.'
            : undefined,
    }
    setErrors(found)
    if (found.from || found.to) return
    onApply({
      person: personOf(fields.get('person')),
      command: textOf(fields.get('command')),
      customer: textOf(fields.get('customer')),
      from: from ?? undefined,
      to: to ?? undefined,
    })
  }

  return (
    <search>
      <form className={styles.filterForm} onSubmit={submit} aria-label="Filter the log" noValidate>
        <SelectField
          className={styles.wideField}
          label="Person"
          name="person"
          placeholder="Everyone"
          defaultValue={applied.person === undefined ? '' : String(applied.person)}
          options={[
            ...choices.people.map((person) => ({
              value: String(person.staff_id),
              label: `${person.name} (${person.email})`,
            })),
            terminalChoice,
          ]}
        />
        <SelectField
          className={styles.wideField}
          label="Action"
          name="command"
          placeholder="Every action"
          defaultValue={applied.command ?? ''}
          options={choices.commands.map((command) => ({ value: command, label: command }))}
        />
        <TextField
          className={styles.wideField}
          label="Customer"
          name="customer"
          hint="E-mail or account number"
          maxLength={100}
          defaultValue={applied.customer ?? ''}
        />
        <DayMonthYearField
          className={styles.dayField}
          label="From"
          name="from"
          hint="dd/mm/yyyy (UTC)"
          defaultValue={formatDayMonthYear(applied.from)}
          error={errors.from}
        />
        <DayMonthYearField
          className={styles.dayField}
          label="To"
          name="to"
          hint="dd/mm/yyyy (UTC)"
          defaultValue={formatDayMonthYear(applied.to)}
          error={errors.to}
        />
        <div className={styles.filterButtons}>
          <Button type="submit">Show</Button>
          <ConsoleLink to="/audit" className={buttonClass({ variant: 'secondary' })}>
            Clear the filter
          </ConsoleLink>
        </div>
      </form>
    </search>
  )
}
