import type { ReactNode } from 'react'
import type { Customer } from '#machines/login.machine'
import { Avatar } from '#ui/avatar'
import * as styles from './login-form.css'

export interface WhoCardProps {
  email: string
  customer: Customer
  /** e.g. the "Not you?" button. */
  children?: ReactNode
}

/** Whose account is signing in: picture (or initials), name and e-mail. */
export function WhoCard({ email, customer, children }: WhoCardProps) {
  const name = customer.fullname.trim()
  return (
    <div className={styles.who}>
      <Avatar name={name || email} picture={customer.picture} size={48} />
      <div className={styles.whoText}>
        {name ? (
          <span className={styles.whoName} title={name}>
            {name}
          </span>
        ) : null}
        <span className={name ? styles.whoEmail : styles.whoEmailAlone} title={email}>
          {email}
        </span>
      </div>
      {children}
    </div>
  )
}
