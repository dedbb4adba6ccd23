import { type HTMLAttributes, type ReactNode, useId } from 'react'
import * as styles from './card.css'

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Renders a section with this heading (and labels the section by it). */
  heading?: ReactNode
  headingLevel?: 2 | 3
  as?: 'section' | 'div' | 'article'
}

/** A white panel with a border and soft shadow. */
export function Card({
  heading,
  headingLevel = 2,
  as: Tag = 'section',
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = useId()
  const labelledBy = heading && !rest['aria-label'] ? headingId : undefined
  return (
    <Tag
      aria-labelledby={labelledBy}
      {...rest}
      className={[styles.card, className].filter(Boolean).join(' ')}
    >
      {heading ? (
        <Heading id={headingId} className={styles.heading}>
          {heading}
        </Heading>
      ) : null}
      {children}
    </Tag>
  )
}
