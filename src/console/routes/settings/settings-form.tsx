import { useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ComponentType, type FormEvent, useRef, useState } from 'react'
import * as v from 'valibot'
import {
  type SettingsAreaName,
  type SettingsContent,
  settingsAreas,
  settingsChanges,
} from '#api/contract/staff/settings-areas'
import { AlertBox } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { ChangeDialog } from '../../changes/change-dialog'
import { NoteField } from '../../changes/note-field'
import { type StaffChangeActor, useStaffChange } from '../../changes/use-staff-change'
import { editors } from './editors'
import * as styles from './settings.css'
import { SettingsDiff } from './settings-diff'
import { type EditorProps, useSettingsDraft } from './use-settings-draft'
import type { AreaPage } from './version-words'

interface FormProps<A extends SettingsAreaName> {
  area: A
  page: AreaPage
}

/** What the dialog shows: the change proposed, against the version in use. */
function ProposedChanges<A extends SettingsAreaName>({
  area,
  page,
  actor,
}: FormProps<A> & { actor: StaffChangeActor }) {
  const change = useSelector(actor, (snapshot) => snapshot.context.change)
  if (change?.call !== 'settingspropose') return null
  const proposed = v.parse(settingsAreas[area].schema, JSON.parse(change.fields.content ?? '{}'))
  return (
    <SettingsDiff
      changes={settingsChanges(area, page.content as SettingsContent<A>, proposed as never)}
      caption="What changes"
      fromLabel={`Now (version ${page.version})`}
      toLabel="Proposed"
    />
  )
}

function FormBody<A extends SettingsAreaName>({
  area,
  page,
  actor,
}: FormProps<A> & { actor: StaffChangeActor }) {
  const current = page.content as SettingsContent<A>
  const { draft, change, problemAt, problems, check } = useSettingsDraft(area, current)
  const Editor = editors[area] as ComponentType<EditorProps<A>>
  const [nothing, setNothing] = useState(false)
  const summary = useRef<HTMLDivElement>(null)
  const { noun } = settingsAreas[area]

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const content = check()
    if (!content) {
      setNothing(false)
      requestAnimationFrame(() => summary.current?.focus())
      return
    }
    const changes = settingsChanges(area, current, content)
    setNothing(changes.length === 0)
    if (changes.length === 0) return
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim()
    actor.send({
      type: 'REQUEST',
      change: {
        call: 'settingspropose',
        fields: {
          area,
          based_on: String(page.version),
          content: JSON.stringify(draft),
          ...(note ? { note } : {}),
        },
        title: `Propose this change of the ${noun}?`,
        consequence: `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}, shown below. It applies once a second member of staff with the configuration role approves it in Approvals; nothing changes before.`,
        confirmLabel: 'Propose',
      },
    })
  }

  return (
    <Card heading="Propose a change">
      <form className={styles.form} onSubmit={submit} noValidate>
        {problems.length > 0 && (
          <div ref={summary} tabIndex={-1}>
            <AlertBox
              display
              type="error"
              msg={
                <>
                  The change was not proposed:
                  <ul className={styles.problems}>
                    {problems.map((problem) => (
                      <li key={problem.path}>{problem.sentence}</li>
                    ))}
                  </ul>
                </>
              }
            />
          </div>
        )}
        <AlertBox
          display={nothing}
          type="warning"
          msg={`Nothing would change: the ${noun} are so already (version ${page.version}).`}
        />
        <Editor
          draft={draft}
          change={change}
          problemAt={problemAt}
          current={current}
          planNames={page.plan_names}
        />
        <NoteField />
        <div className={styles.actions}>
          <Button type="submit">Propose the change</Button>
        </div>
      </form>
    </Card>
  )
}

/**
 * The area's form: checked by the contract's rules before it is sent, confirmed in a dialog with
 * what changes, then a proposal waiting in Approvals for a second person (docs/decisions/078).
 */
export function SettingsForm<A extends SettingsAreaName>({ area, page }: FormProps<A>) {
  const router = useRouter()
  // A fresh form, from the version in use, once a change is proposed.
  const [proposals, setProposals] = useState(0)
  const actor = useStaffChange(() => {
    setProposals((count) => count + 1)
    void router.invalidate()
  })
  return (
    <>
      <FormBody key={proposals} area={area} page={page} actor={actor} />
      <ChangeDialog actor={actor}>
        <ProposedChanges area={area} page={page} actor={actor} />
      </ChangeDialog>
    </>
  )
}
