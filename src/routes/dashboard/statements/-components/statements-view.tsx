import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { statementSearchMaxLength } from '#api/contract/statement-filter'
import { formatDayMonthYear, parseDayMonthYear } from '#api/day-month-year'
import type { DownloadName } from '#api/download'
import { intlLocale, type Language } from '#api/languages'
import type { StatementFilter, statementsMachine } from '#machines/statements.machine'
import { AlertBox, NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import { DayMonthYearField } from '#ui/day-month-year-field'
import { SelectField } from '#ui/select-field'
import { TextField } from '#ui/text-field'
import { NoTransactionHistory, TransactionRow } from '../../-shared/transaction-list'
import type { FileDownloadActor } from '../../-shared/use-file-download'
import * as styles from './statements.css'

export type StatementsActor = ActorRefFrom<typeof statementsMachine>

export interface StatementsViewProps {
  actor: StatementsActor
  downloads: FileDownloadActor
}

const typeOptions = () => [
  { value: '', label: t`All` },
  { value: 'credit', label: t`Credits` },
  { value: 'debit', label: t`Debits` },
]

/** A row's height before it is measured (one line of name and date, as on a desktop). */
const estimatedRowHeight = 73
/** Rows left below the last one drawn when the next page is asked for. */
const loadAheadRows = 30

/** A count as the language in use writes it. */
const countText = (count: number) =>
  new Intl.NumberFormat(intlLocale[i18n.locale as Language]).format(count)

/** Statements & Report: the filter, the downloads, and the transactions as a virtual list. */
export function StatementsView({ actor, downloads }: StatementsViewProps) {
  return (
    <>
      <Card aria-label={t`Filter and download`}>
        <FilterForm actor={actor} />
        <Downloads actor={actor} downloads={downloads} />
      </Card>
      <Card heading={t`Transactions`}>
        <Transactions actor={actor} />
      </Card>
    </>
  )
}

/**
 * A typed dd/mm/yyyy as the filter carries it (YYYY-MM-DD); what cannot be read is passed on
 * as typed, for the machine to refuse with its message.
 */
function typedDay(value: FormDataEntryValue | null): string {
  const typed = String(value ?? '').trim()
  return typed === '' ? '' : (parseDayMonthYear(typed) ?? typed)
}

function FilterForm({ actor }: { actor: StatementsActor }) {
  const filterError = useSelector(actor, (snapshot) => snapshot.context.filterError)
  // The form starts from the applied filter (the address's); it applies on submit.
  const [applied] = useState(() => actor.getSnapshot().context.filter)
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'))
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const typed = (name: string) => String(fields.get(name) ?? '').trim()
    const filter: StatementFilter = {
      from: typedDay(fields.get('from')),
      to: typedDay(fields.get('to')),
      type: typed('type') as StatementFilter['type'],
      search: typed('search').replace(/\s+/g, ' '),
      minAmount: typed('minAmount'),
      maxAmount: typed('maxAmount'),
    }
    actor.send({ type: 'FILTER', filter })
  }
  return (
    <form
      className={styles.filterForm}
      onSubmit={submit}
      aria-label={t`Filter transactions`}
      noValidate
    >
      <TextField
        className={styles.filterSearch}
        label={t`Search`}
        name="search"
        type="search"
        hint={t`Payee, note or reference`}
        maxLength={statementSearchMaxLength}
        defaultValue={applied.search}
      />
      <DayMonthYearField
        label={t`From`}
        name="from"
        hint={t`dd/mm/yyyy`}
        defaultValue={formatDayMonthYear(applied.from)}
        error={filterError?.about === 'dates' ? filterError.message : null}
      />
      <DayMonthYearField
        label={t`To`}
        name="to"
        hint={t`dd/mm/yyyy`}
        defaultValue={formatDayMonthYear(applied.to)}
      />
      <SelectField
        className={styles.filterWide}
        label={t`Type`}
        name="type"
        options={typeOptions()}
        defaultValue={applied.type}
      />
      <TextField
        label={t`Amount from`}
        name="minAmount"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={applied.minAmount}
        error={filterError?.about === 'amounts' ? filterError.message : null}
      />
      <TextField
        label={t`Amount to`}
        name="maxAmount"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={applied.maxAmount}
      />
      <Button
        type="submit"
        variant="secondary"
        busy={busy}
        className={`${styles.filterWide} ${styles.filterButton}`}
      >
        <Trans>Apply filter</Trans>
      </Button>
    </form>
  )
}

function Downloads({ actor, downloads }: StatementsViewProps) {
  const filter = useSelector(actor, (snapshot) => snapshot.context.filter)
  const busy = useSelector(downloads, (snapshot) => snapshot.hasTag('busy'))
  const request = useSelector(downloads, (snapshot) => snapshot.context.request)
  const alert = useSelector(downloads, (snapshot) =>
    snapshot.matches('failed') ? snapshot.context.alert : null,
  )
  const download = (name: DownloadName) =>
    downloads.send({ type: 'DOWNLOAD', name, fields: { ...filter } })
  return (
    <>
      <div className={styles.downloads}>
        <span className={styles.downloadsLabel}>
          <Trans>Download the filtered statement</Trans>
        </span>
        <Button
          variant="secondary"
          busy={busy && request?.name === 'statementCsv'}
          disabled={busy}
          onClick={() => download('statementCsv')}
        >
          <Trans>Download CSV</Trans>
        </Button>
        <Button
          variant="secondary"
          busy={busy && request?.name === 'statementPdf'}
          disabled={busy}
          onClick={() => download('statementPdf')}
        >
          <Trans>Download PDF</Trans>
        </Button>
      </div>
      <NoticeAlert notice={alert} />
    </>
  )
}

function Transactions({ actor }: { actor: StatementsActor }) {
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows)
  const currency = useSelector(actor, (snapshot) => snapshot.context.currency)
  const alert = useSelector(actor, (snapshot) => snapshot.context.alert)
  const state = useSelector(actor, (snapshot) => snapshot.value)

  if (state === 'loading')
    return (
      <p className={styles.summary}>
        <Trans>Loading transactions…</Trans>
      </p>
    )
  if (state === 'failed')
    return (
      <AlertBox display type="error" msg={alert?.message}>
        <Button variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
          <Trans>Retry</Trans>
        </Button>
      </AlertBox>
    )
  if (state === 'empty') return <NoTransactionHistory />
  const shown = countText(rows.length)

  return (
    <>
      <p className={styles.summary} aria-live="polite">
        {state === 'complete'
          ? t`All ${shown} transactions shown.`
          : t`${shown} transactions shown, newest first; more load as you scroll.`}
      </p>
      <VirtualRows actor={actor} rows={rows} currency={currency} />
      {state === 'loadingMore' ? (
        <p className={styles.listEnd}>
          <Trans>Loading more transactions…</Trans>
        </p>
      ) : null}
      {state === 'moreFailed' ? (
        <AlertBox display type="error" msg={alert?.message}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'LOAD_MORE' })}>
            <Trans>Try again</Trans>
          </Button>
        </AlertBox>
      ) : null}
      {state === 'complete' ? (
        <p className={styles.listEnd}>
          <Trans>End of statement</Trans>
        </p>
      ) : null}
    </>
  )
}

interface VirtualRowsProps {
  actor: StatementsActor
  rows: ReturnType<StatementsActor['getSnapshot']>['context']['rows']
  currency: string
}

/**
 * Only the rows in and near the window are in the page, so 100,000 loaded rows cost what 20
 * do. The page itself scrolls (the list is measured from its top); near the last loaded row the
 * next page is asked for.
 */
function VirtualRows({ actor, rows, currency }: VirtualRowsProps) {
  const listRef = useRef<HTMLUListElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY
    setScrollMargin((current) => (Math.abs(current - top) < 1 ? current : top))
  })

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => rows[index]?.receiptId ?? index,
  })
  const items = virtualizer.getVirtualItems()
  const lastShown = items.at(-1)?.index ?? 0
  const canLoadMore = useSelector(actor, (snapshot) => snapshot.matches('ready'))
  const complete = useSelector(actor, (snapshot) => snapshot.matches('complete'))

  useEffect(() => {
    if (canLoadMore && lastShown >= rows.length - loadAheadRows) actor.send({ type: 'LOAD_MORE' })
  }, [actor, canLoadMore, lastShown, rows.length])

  return (
    <ul
      ref={listRef}
      className={styles.virtualList}
      style={{ height: virtualizer.getTotalSize() }}
      aria-label={t`Transactions, newest first`}
    >
      {items.map((item) => {
        const transaction = rows[item.index]
        if (!transaction) return null
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={styles.virtualRow}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            aria-posinset={item.index + 1}
            // The number of rows is known once the last page is in; until then -1 (unknown).
            aria-setsize={complete ? rows.length : -1}
          >
            <TransactionRow transaction={transaction} currency={currency} />
          </li>
        )
      })}
    </ul>
  )
}
