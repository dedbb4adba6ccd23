import * as styles from './skeleton.css'

export interface SkeletonProps {
  width?: string
  height?: string
  radius?: string
}

/** A grey placeholder block while content loads; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1rem', radius }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={styles.block}
      style={{ width, height, borderRadius: radius }}
    />
  )
}
