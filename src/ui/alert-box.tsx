import type { ReactNode } from 'react'
import type { Notice } from '#api/notice'
import { inPageLanguage } from '#i18n/server-words'
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
  /**
   * A standing condition of the page (shown on every visit), not news: a note, which screen
   * readers read in place instead of announcing it on each load.
   */
  standing?: boolean
}

/** The spec's alert box: an inline message announced to screen readers. */
export function AlertBox({ display, type, msg, children, standing = false }: AlertBoxProps) {
  if (!display) return null
  const tone = toneOf(type)
  return (
    <div
      role={standing ? 'note' : 'alert'}
      data-tone={tone}
      className={`${styles.box} ${toneSurface[tone]}`}
    >
      <div className={styles.body}>{typeof msg === 'string' ? inPageLanguage(msg) : msg}</div>
      {children}
    </div>
  )
}

export interface NoticeAlertProps {
  /** What a machine says just happened; null: nothing to show. */
  notice: Notice | null
}

/** The one way a flow's notice is drawn: the alert box, shown while there is a notice. */
export function NoticeAlert({ notice }: NoticeAlertProps) {
  return <AlertBox display={notice !== null} type={notice?.tone ?? 'error'} msg={notice?.message} />
}
