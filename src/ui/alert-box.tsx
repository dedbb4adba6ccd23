import type { ReactNode } from 'react'
import * as styles from './alert-box.css'
import { toneOf } from './tone'
import { toneSurface } from './tone.css'

export interface AlertBoxProps {
  /** Whether the box shows at all. */
  display: boolean
  /** 'success' or 'error'; any other value is shown as a warning. */
  type: string
  msg: ReactNode
  /** Optional action, e.g. a retry button. */
  children?: ReactNode
}

/** The spec's alert box: an inline message announced to screen readers. */
export function AlertBox({ display, type, msg, children }: AlertBoxProps) {
  if (!display) return null
  const tone = toneOf(type)
  return (
    <div role="alert" data-tone={tone} className={`${styles.box} ${toneSurface[tone]}`}>
      <div className={styles.body}>{msg}</div>
      {children}
    </div>
  )
}

export interface NoticeAlertProps {
  /** A machine's alert or notice; null: nothing to show. */
  notice: { type: string; message: string } | null
}

/** The alert box of a machine's alert or notice, shown while there is one. */
export function NoticeAlert({ notice }: NoticeAlertProps) {
  return <AlertBox display={notice !== null} type={notice?.type ?? 'error'} msg={notice?.message} />
}
