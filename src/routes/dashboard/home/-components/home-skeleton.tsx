import { Card } from '#ui/card'
import { Skeleton } from '#ui/skeleton'
import { Stack } from '#ui/stack'
import { visuallyHidden } from '#ui/visually-hidden.css'
import * as styles from './home.css'

/**
 * The dashboard's shape while the statement loads; `status` is what screen readers hear (given by
 * the signed-in area's route, whose words are loaded before this section's).
 */
export function HomeSkeleton({ status }: { status: string }) {
  return (
    <div className={styles.home} aria-busy="true">
      <p className={visuallyHidden} role="status">
        {status}
      </p>
      <div className={styles.greeting}>
        <Skeleton width="56px" height="56px" radius="50%" />
        <Stack gap="xs">
          <Skeleton width="80px" />
          <Skeleton width="200px" height="1.5rem" />
        </Stack>
      </div>
      <div className={styles.topGrid}>
        <Skeleton height="180px" radius="16px" />
        <Skeleton height="180px" radius="16px" />
      </div>
      <div className={styles.totals}>
        <Skeleton height="88px" radius="16px" />
        <Skeleton height="88px" radius="16px" />
      </div>
      <Card as="div">
        <Stack gap="md">
          <Skeleton width="180px" height="1.25rem" />
          <Skeleton height="48px" />
          <Skeleton height="48px" />
          <Skeleton height="48px" />
        </Stack>
      </Card>
    </div>
  )
}
