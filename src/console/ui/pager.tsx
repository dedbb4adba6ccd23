import { Button } from '#ui/button'
import * as styles from './data-table.css'

export interface PageFacts {
  page: number
  page_size: number
  total: number
}

/**
 * Where a paged list stands ("Rows 51–100 of 230") and the way to the pages beside it; nothing
 * when the list fits one page (the list itself says what it holds, or that it is empty).
 */
export function Pager({ facts, onPage }: { facts: PageFacts; onPage: (page: number) => void }) {
  const { page, page_size: size, total } = facts
  const last = Math.max(1, Math.ceil(total / size))
  // Past the last page (a link kept while the list shrank), the way back is still offered.
  if (last === 1 && page <= 1) return null
  const first = (page - 1) * size + 1
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span>
        {first > total
          ? `No rows on page ${page}: the list has ${last === 1 ? 'one page' : `${last} pages`}`
          : `Rows ${first}–${Math.min(total, page * size)} of ${total} (page ${page} of ${last})`}
      </span>
      <span className={styles.pagerLinks}>
        <Button
          variant="secondary"
          disabled={page <= 1}
          onClick={() => onPage(Math.min(page - 1, last))}
        >
          Previous page
        </Button>
        <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </span>
    </nav>
  )
}
