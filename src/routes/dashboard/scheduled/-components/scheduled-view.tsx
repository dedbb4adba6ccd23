import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { CallResponse } from '#api/contract'
import { currencySymbol, formatMoney, wireToMinor } from '#api/money'
import type { scheduledTransfersMachine } from '#machines/scheduled-transfers.machine'
import { NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { formatDayMonthYear } from '#ui/date-text'
import * as styles from './scheduled.css'

type Series = CallResponse<'scheduledTransfers'>['series'][number]
type ScheduledActor = ActorRefFrom<typeof scheduledTransfersMachine>

const repeatWords = (repeat: Series['repeat']) =>
  ({ once: t`Once`, weekly: t`Every week`, monthly: t`Every month` })[repeat]

const runWords = (status: Series['done'][number]['status']) =>
  status === 'posted' ? t`made` : status === 'failed' ? t`not made` : t`skipped`

/** A UTC day as the portal writes dates. */
const dayText = (day: string) => formatDayMonthYear(`${day}T00:00:00Z`)

const amountOf = (series: Series) =>
  formatMoney(wireToMinor(series.amount), currencySymbol(series.currency))

function skipLabel(day: string): string {
  const date = dayText(day)
  return t`Skip the transfer of ${date}`
}

function noneMadeText(one: Series): string {
  const amount = amountOf(one)
  const name = one.accountHolderName
  return t`None of the upcoming transfers of ${amount} to ${name} will be made. Transfers already made do not change.`
}

/** The list: one card per series, Skip on each upcoming day, Cancel series under it. */
export function ScheduledView({
  series,
  actor,
}: {
  series: readonly Series[]
  actor: ScheduledActor
}) {
  const notice = useSelector(actor, (snapshot) =>
    snapshot.hasTag('dialog') ? null : snapshot.context.notice,
  )
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  return (
    <>
      <NoticeAlert notice={notice} />
      {series.length === 0 ? (
        <p className={styles.muted}>
          <Trans>
            No scheduled transfers. Choose Send later or Repeat when you confirm a{' '}
            <Link to="/dashboard/send">bank transfer</Link>.
          </Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {series.map((one) => (
            <SeriesCard key={one.id} one={one} busy={busy} actor={actor} />
          ))}
        </ul>
      )}
      <CancelSeriesDialog actor={actor} series={series} />
    </>
  )
}

/** One series: its amount and payee, Skip on each upcoming day, what was done, Cancel series. */
function SeriesCard({ one, busy, actor }: { one: Series; busy: boolean; actor: ScheduledActor }) {
  const amount = amountOf(one)
  const name = one.accountHolderName
  const accountNumber = one.accountNumber
  return (
    <li>
      <Card as="section" className={styles.series} aria-labelledby={`series-${one.id}`}>
        <h2 id={`series-${one.id}`} className={styles.heading}>
          <Trans>
            {amount} to {name}
          </Trans>
        </h2>
        <p className={styles.muted}>
          {repeatWords(one.repeat)} · {one.bank}, <Trans>account {accountNumber}</Trans> ·{' '}
          {one.note}
        </p>
        <ul className={styles.days} aria-label={t`Upcoming transfers`}>
          {one.upcoming.map((day) => (
            <li key={day} className={styles.day}>
              <span>{dayText(day)}</span>
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={skipLabel(day)}
                onClick={() => actor.send({ type: 'SKIP', series: one.id, day })}
              >
                <Trans>Skip</Trans>
              </Button>
            </li>
          ))}
        </ul>
        {one.done.length > 0 ? (
          <p className={styles.muted}>
            <Trans>Done:</Trans>{' '}
            {one.done.map((run) => `${dayText(run.day)} ${runWords(run.status)}`).join(', ')}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => actor.send({ type: 'CANCEL_SERIES', series: one.id })}
          >
            <Trans>Cancel series</Trans>
          </Button>
        </div>
      </Card>
    </li>
  )
}

/** Cancel this series? (the machine's `confirmingCancel`): Keep it has the focus. */
function CancelSeriesDialog({
  actor,
  series,
}: {
  actor: ScheduledActor
  series: readonly Series[]
}) {
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('dialog'))
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const chosen = useSelector(actor, (snapshot) => snapshot.context.series)
  const notice = useSelector(actor, (snapshot) =>
    snapshot.hasTag('dialog') ? snapshot.context.notice : null,
  )
  const content = useRef<HTMLDivElement>(null)
  const one = series.find((candidate) => candidate.id === chosen)
  const keep = () => {
    if (!busy) actor.send({ type: 'KEEP' })
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : keep())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          ref={content}
          className={styles.dialog}
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            content.current?.querySelector<HTMLButtonElement>('[data-keep]')?.focus()
          }}
        >
          <Dialog.Title className={styles.dialogTitle}>
            <Trans>Cancel this scheduled transfer?</Trans>
          </Dialog.Title>
          <Dialog.Description className={styles.muted}>
            {one ? noneMadeText(one) : null}
          </Dialog.Description>
          <NoticeAlert notice={notice} />
          <div className={styles.dialogActions}>
            <Button variant="secondary" data-keep disabled={busy} onClick={keep}>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              variant="danger"
              busy={busy}
              busyLabel={t`Cancelling…`}
              onClick={() => actor.send({ type: 'CONFIRM' })}
            >
              <Trans>Cancel series</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
