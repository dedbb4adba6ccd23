import { Icon } from '#ui/icon'
import * as styles from './account-form.css'

/** The success icon of a finished step: a tick in a green circle (decorative). */
export function SuccessMark() {
  return (
    <span className={styles.outcomeMark}>
      <Icon name="check" size={28} strokeWidth={2.4} />
    </span>
  )
}
