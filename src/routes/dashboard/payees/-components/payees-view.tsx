import { plural, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { type BookPayee, shownNameOf } from '#machines/payee-entry'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { TextField } from '#ui/text-field'
import { type PayeeEditorActor, PayeeEditorView } from './payee-editor-view'
import * as styles from './payees.css'
import { RemovePayeeDialog } from './remove-payee-dialog'

export interface PayeesViewProps {
  payees: readonly BookPayee[]
  /** The most payees the book takes by "Add a payee". */
  limit: number
  /** The search the list answers, as typed; '' for the whole book. */
  search: string
  editor: PayeeEditorActor
  onSearch: (search: string) => void
}

/**
 * The payee book: the search, "Add a payee" and the editor, then each payee with its account
 * details, Edit and Remove; the dialog asks before a payee is removed.
 */
export function PayeesView({ payees, limit, search, editor, onSearch }: PayeesViewProps) {
  const editing = useSelector(editor, (snapshot) => snapshot.hasTag('form'))
  const notice = useSelector(editor, (snapshot) =>
    snapshot.matches('idle') ? snapshot.context.notice : null,
  )
  const full = search === '' && payees.length >= limit
  return (
    <Card aria-label={t`Your payees`}>
      <div className={styles.toolbar}>
        <SearchForm search={search} onSearch={onSearch} />
        <Button
          className={styles.add}
          disabled={editing || full}
          onClick={() => editor.send({ type: 'ADD' })}
        >
          <Trans>Add a payee</Trans>
        </Button>
      </div>
      {full ? (
        <p className={styles.muted}>
          <Trans>
            Your payees are full ({limit}). Remove one you no longer pay to add another.
          </Trans>
        </p>
      ) : null}
      <NoticeAlert notice={notice} />
      {editing ? <PayeeEditorView actor={editor} /> : null}
      <PayeeList payees={payees} search={search} editor={editor} />
      <RemovePayeeDialog actor={editor} />
    </Card>
  )
}

function SearchForm({ search, onSearch }: { search: string; onSearch: (q: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim())
  }
  return (
    <search className={styles.searchBox} aria-label={t`Your payees`}>
      <form className={styles.search} onSubmit={submit}>
        <TextField
          key={search}
          label={t`Search payees`}
          name="q"
          type="search"
          defaultValue={search}
          maxLength={60}
          hint={t`Nickname, name, bank or account number.`}
          className={styles.searchField}
        />
        <div className={styles.searchActions}>
          <Button type="submit" variant="secondary">
            <Trans>Search</Trans>
          </Button>
          {search !== '' ? (
            <Button variant="ghost" onClick={() => onSearch('')}>
              <Trans>Show all</Trans>
            </Button>
          ) : null}
        </div>
      </form>
    </search>
  )
}

function PayeeList({
  payees,
  search,
  editor,
}: {
  payees: readonly BookPayee[]
  search: string
  editor: PayeeEditorActor
}) {
  const busy = useSelector(editor, (snapshot) => !snapshot.matches('idle'))
  const count = payees.length
  if (payees.length === 0)
    return (
      <p className={styles.empty}>
        {search === ''
          ? t`You have no payees yet. Add one here, or tick “Save this payee” when you send a transfer.`
          : t`No payee matches “${search}”.`}
      </p>
    )
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {search === ''
          ? plural(count, { one: '# payee', other: '# payees' })
          : plural(count, {
              one: `# payee matches “${search}”`,
              other: `# payees match “${search}”`,
            })}
      </p>
      <ul className={styles.list} aria-label={t`Payees`}>
        {payees.map((payee) => (
          <PayeeRow key={payee.id} payee={payee} busy={busy} editor={editor} />
        ))}
      </ul>
    </>
  )
}

/** One payee: its names and account details, Edit and Remove. */
function PayeeRow({
  payee,
  busy,
  editor,
}: {
  payee: BookPayee
  busy: boolean
  editor: PayeeEditorActor
}) {
  const name = shownNameOf(payee)
  const { accountNumber, routingNumber } = payee
  return (
    <li className={styles.row}>
      <div className={styles.facts}>
        <span className={styles.name}>
          <span>{name}</span>
          {payee.unpaidDetails ? (
            <span className={styles.newBadge}>
              <Trans>New: no transfer yet</Trans>
            </span>
          ) : null}
        </span>
        {payee.nickname ? <span className={styles.detail}>{payee.accountHolderName}</span> : null}
        <span className={styles.detail}>
          {payee.bank} · {payee.swiftCode} · {payee.country}
        </span>
        <span className={styles.detail}>
          <Trans>
            Account {accountNumber} · Routing {routingNumber}
          </Trans>
        </span>
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={t`Edit ${name}`}
          onClick={() => editor.send({ type: 'EDIT', payee })}
        >
          <Trans>Edit</Trans>
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={t`Remove ${name}`}
          onClick={() => editor.send({ type: 'REMOVE', payee })}
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
    </li>
  )
}
