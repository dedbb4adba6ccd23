import { Button } from '#ui/button'
import * as styles from './data-table.css'

const count = new Intl.NumberFormat('en-GB')

export interface KeysetFacts {
  page: number
  page_size: number
  /** The rows counted, up to a cap; `total_capped`: more than that. */
  total: number
  total_capped: boolean
  /** Where the next (older) page and the one before start; null when there is none. */
  older: string | null
  newer: string | null
}

/**
 * The pager of a list read by keyset (docs/decisions/101): "Rows 51–100 of 230", or "of more
 * than 10,000" where the count stopped, and the pages beside this one. No page numbers to jump
 * to: each page continues from the edge of the one beside it. Nothing when all fits one page.
 */
export function KeysetPager({
  facts,
  shown,
  onOlder,
  onNewer,
}: {
  facts: KeysetFacts
  /** The rows on this page. */
  shown: number
  onOlder: (edge: string) => void
  onNewer: (edge: string) => void
}) {
  const { page, page_size: size, older, newer } = facts
  if (older === null && newer === null && page <= 1) return null
  const first = (page - 1) * size + 1
  const of = facts.total_capped
    ? `more than ${count.format(facts.total)}`
    : count.format(Math.max(facts.total, first + shown - 1))
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span>
        {shown === 0
          ? `No rows on page ${page}`
          : `Rows ${count.format(first)}–${count.format(first + shown - 1)} of ${of} (page ${page})`}
      </span>
      <span className={styles.pagerLinks}>
        <Button
          variant="secondary"
          disabled={newer === null}
          onClick={() => newer !== null && onNewer(newer)}
        >
          Previous page
        </Button>
        <Button
          variant="secondary"
          disabled={older === null}
          onClick={() => older !== null && onOlder(older)}
        >
          Next page
        </Button>
      </span>
    </nav>
  )
}
