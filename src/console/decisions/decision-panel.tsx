import * as Dialog from '@radix-ui/react-dialog'
import { useId } from 'react'
import type { Notice } from '#api/notice'
import type { StaffDecisionEvent, Verdict } from '#machines/staff-decision.machine'
import { AlertBox } from '#ui/alert-box'
import { Button } from '#ui/button'
import * as styles from './decision-dialog.css'
import type { DecisionWords } from './decision-words'

export interface DecisionPanelProps {
  itemId: number
  /** What is decided on, for the dialog's title: "KYC submission 12 of Dana Morgan". */
  itemName: string
  words: DecisionWords
  /** The machine's state, as the screen reads it. */
  dialogOpen: boolean
  verdict: Verdict | null
  reason: string
  busy: boolean
  notice: Notice | null
  send: (event: StaffDecisionEvent) => void
}

const otherReason = ''

const NoticeBox = ({ notice }: { notice: Notice | null }) => (
  <AlertBox display={notice !== null} type={notice?.tone ?? ''} msg={notice?.message} />
)

/**
 * The last decision's word outside the dialog: the server's refusal (someone else decided it
 * first) stays on the screen; a decision taken is a toast.
 */
export function DecisionNotice({
  dialogOpen,
  notice,
}: Pick<DecisionPanelProps, 'dialogOpen' | 'notice'>) {
  return <NoticeBox notice={dialogOpen || notice?.tone === 'success' ? null : notice} />
}

/** The two verdict buttons of one item; they open the statechart's confirmation. */
export function DecisionButtons({
  itemId,
  words,
  send,
  label,
}: Pick<DecisionPanelProps, 'itemId' | 'words' | 'send'> & { label?: string }) {
  return (
    <div className={styles.buttons}>
      <Button
        aria-label={label && `${words.accept}: ${label}`}
        onClick={() => send({ type: 'ACCEPT', itemId })}
      >
        {words.accept}
      </Button>
      <Button
        variant="danger"
        aria-label={label && `${words.refuse}: ${label}`}
        onClick={() => send({ type: 'REFUSE', itemId })}
      >
        {words.refuse}
      </Button>
    </div>
  )
}

/**
 * The dialog that confirms a verdict: a refusal asks for the reason the customer will read,
 * from the queue's templates or written. A view only: the staff-decision statechart decides
 * what happens (src/machines/staff-decision.machine.ts). A list has one for all its rows.
 */
export function DecisionDialog(props: Omit<DecisionPanelProps, 'itemId'>) {
  const { itemName, words, dialogOpen, verdict, busy, notice, send } = props
  return (
    <Dialog.Root
      open={dialogOpen}
      onOpenChange={(open) => {
        if (!open && !busy) send({ type: 'CANCEL' })
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>
            {verdict === 'refuse' ? words.refuse : words.accept}: {itemName}
          </Dialog.Title>
          <Dialog.Description>
            {verdict === 'refuse' ? words.refuseEffect : words.acceptEffect}
          </Dialog.Description>
          {verdict === 'refuse' && <ReasonChoice {...props} />}
          <NoticeBox notice={notice} />
          <div className={styles.actions}>
            <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'CANCEL' })}>
              Cancel
            </Button>
            <Button
              variant={verdict === 'refuse' ? 'danger' : 'primary'}
              busy={busy}
              busyLabel="Sending…"
              onClick={() => send({ type: 'CONFIRM' })}
            >
              {verdict === 'refuse' ? words.refuse : words.accept}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A case's decision: its buttons, the server's last word on it, and the dialog. */
export function DecisionPanel(props: DecisionPanelProps) {
  return (
    <>
      <DecisionButtons {...props} />
      <DecisionNotice {...props} />
      <DecisionDialog {...props} />
    </>
  )
}

/** The reason: one of the templates, or "Another reason" with a text of one's own. */
function ReasonChoice({ words, reason, send, busy }: Omit<DecisionPanelProps, 'itemId'>) {
  const name = useId()
  const textId = useId()
  const isTemplate = words.reasons.includes(reason)
  const writing = !isTemplate
  return (
    <fieldset className={styles.reasons} disabled={busy}>
      <legend>The reason the customer will read</legend>
      {words.reasons.map((template) => (
        <label key={template} className={styles.reasonChoice}>
          <input
            type="radio"
            name={name}
            checked={reason === template}
            onChange={() => send({ type: 'REASON', reason: template })}
          />
          {template}
        </label>
      ))}
      <label className={styles.reasonChoice}>
        <input
          type="radio"
          name={name}
          checked={writing}
          onChange={() => send({ type: 'REASON', reason: otherReason })}
        />
        Another reason
      </label>
      {writing && (
        <>
          <label htmlFor={textId}>Write the reason</label>
          <textarea
            id={textId}
            className={styles.reasonText}
            value={reason}
            maxLength={500}
            onChange={(event) => send({ type: 'REASON', reason: event.target.value })}
          />
        </>
      )}
    </fieldset>
  )
}
