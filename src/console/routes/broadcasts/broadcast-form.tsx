import type { FormEvent } from 'react'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { NoteField } from '../../changes/note-field'
import type { StaffChangeActor } from '../../changes/use-staff-change'
import { TextAreaField } from '../../ui/text-area-field'
import { type Audience, audienceLabel } from './audience'
import * as styles from './broadcasts.css'

const everyone = 'every'

/**
 * Support proposes a broadcast: who, a title and a text, and why; confirmed in a dialog, then
 * it waits in the approvals inbox for a second person.
 */
export function BroadcastForm({
  actor,
  audiences,
}: {
  actor: StaffChangeActor
  audiences: Audience[]
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const chosen = String(fields.get('audience') ?? everyone)
    const audience = audiences.find((row) => (row.plan ?? everyone) === chosen)
    const title = String(fields.get('title') ?? '').trim()
    const body = String(fields.get('body') ?? '').trim()
    const note = String(fields.get('note') ?? '').trim()
    actor.send({
      type: 'REQUEST',
      change: {
        call: 'broadcastpropose',
        fields: {
          title,
          body,
          ...(audience?.plan ? { plan: audience.plan } : {}),
          ...(note ? { note } : {}),
        },
        title: `Propose "${title || 'a broadcast'}"?`,
        consequence: `It will reach ${audience ? audienceLabel(audience).toLowerCase() : 'nobody'} once a second member of staff with the support role approves it in Approvals. Nothing is sent before.`,
        confirmLabel: 'Propose',
      },
    })
  }
  return (
    <Card heading="Propose a broadcast">
      <form className={styles.form} onSubmit={submit}>
        <SelectField
          label="Who receives it"
          name="audience"
          options={audiences.map((row) => ({
            value: row.plan ?? everyone,
            label: audienceLabel(row),
          }))}
        />
        <TextField label="Title" name="title" required maxLength={100} autoComplete="off" />
        <TextAreaField
          label="Text"
          name="body"
          required
          maxLength={2000}
          hint="Customers see it in the portal's notifications."
        />
        <NoteField />
        <div>
          <Button type="submit">Propose the broadcast</Button>
        </div>
      </form>
    </Card>
  )
}
