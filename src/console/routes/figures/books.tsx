import { formatDayMonthYearTime } from '#api/day-month-year'
import { currencySymbol } from '#api/money'
import { formatTotal, formatWireTotal, parseWireTotal } from '#api/money-totals'
import { AlertBox } from '#ui/alert-box'
import { toneSurface } from '#ui/tone.css'
import { visuallyHidden } from '#ui/visually-hidden.css'
import { bankAccountName, type Figures } from './figure-words'
import * as styles from './figures.css'

/**
 * The last reconciliation (docs/decisions/076, 102): the customers' balances and fixed deposits
 * against each of the bank's own accounts, as the scheduled check found them. The ledger is
 * double-entry, so together they sum to zero; any other difference is said in words, in red,
 * and announced.
 */
export function Books({ figures }: { figures: Figures }) {
  const books = figures.reconciliation
  if (!books)
    return (
      <p className={styles.muted}>
        The books have not been reconciled yet. The check runs every 15 minutes; an operator can run
        it now with npm run ops -- reconcile.
      </p>
    )
  const symbol = currencySymbol(figures.currency)
  const money = (amount: string) => formatWireTotal(amount, symbol)
  const balanced = parseWireTotal(books.difference) === 0n
  const row = (label: string, amount: string, note?: string) => (
    <tr key={label}>
      <th scope="row" className={styles.booksHeader}>
        {label}
        {note ? <span className={styles.booksNote}>{note}</span> : null}
      </th>
      <td className={`${styles.booksCell} ${styles.amount}`}>{money(amount)}</td>
    </tr>
  )
  return (
    <>
      <p className={styles.muted}>
        Last checked {formatDayMonthYearTime(books.checked_at)} (the check runs every 15 minutes and
        took {books.took_ms} ms): every account of the ledger, which is double-entry, so together
        they sum to zero.
      </p>
      <table className={styles.books}>
        <caption className={visuallyHidden}>Balances of every account</caption>
        <tbody>
          {row(
            `Customer balances (${books.customers.accounts} accounts)`,
            books.customers.balance,
            `of which ${money(books.customers.held)} held for transfers in progress`,
          )}
          {row(
            `Fixed deposits (${books.fixed_deposits.accounts} accounts)`,
            books.fixed_deposits.balance,
          )}
          {books.bank_accounts.map((account) =>
            row(`${bankAccountName(account.code)} (${account.code})`, account.total),
          )}
          <tr className={`${styles.differenceRow} ${balanced ? '' : styles.outOfBalance}`}>
            <th scope="row" className={styles.booksHeader}>
              Difference{balanced ? '' : ': out of balance'}
            </th>
            <td className={`${styles.booksCell} ${styles.amount}`}>{money(books.difference)}</td>
          </tr>
        </tbody>
      </table>
      {balanced ? (
        <p className={`${styles.balanced} ${toneSurface.success}`}>
          The books balance: every account together sums to {formatTotal(0n, symbol)}.
        </p>
      ) : (
        <AlertBox
          display
          type="error"
          msg={`The books do not balance: every account together sums to ${money(books.difference)}, not ${formatTotal(0n, symbol)}. Something was written to the books outside the ledger's postings (an entry or a balance); find it before the day is closed.`}
        />
      )}
    </>
  )
}
