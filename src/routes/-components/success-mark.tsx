import * as styles from './account-form.css'

/** The success icon of a finished step: a tick in a green circle (decorative). */
export function SuccessMark() {
  return (
    <span className={styles.outcomeMark}>
      <svg
        aria-hidden="true"
        width="28"
        height="28"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    </span>
  )
}
