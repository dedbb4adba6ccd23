import type { HTMLAttributes } from 'react'
import * as styles from './stack.css'

export interface StackProps extends HTMLAttributes<HTMLDivElement> {
  gap?: keyof typeof styles.gap
}

/** Children in a column with even spacing. */
export function Stack({ gap = 'lg', className, ...rest }: StackProps) {
  return (
    <div
      {...rest}
      className={[styles.stack, styles.gap[gap], className].filter(Boolean).join(' ')}
    />
  )
}
