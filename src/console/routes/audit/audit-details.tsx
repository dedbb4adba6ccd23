import * as styles from './audit.css'
import { argumentFacts, prettyJson } from './audit-arguments'

/**
 * An entry's details in full: what the action answered, its arguments as label and value pairs,
 * and the arguments' JSON as the log keeps it, behind "Full JSON".
 */
export function AuditDetails({ detail, args }: { detail: string; args: string }) {
  const facts = argumentFacts(args)
  return (
    <div className={styles.details}>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {facts?.length ? (
        <dl className={styles.facts}>
          {facts.map(([label, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one entry's pairs, in their order
            <div key={index} className={styles.fact}>
              <dt className={styles.factLabel}>{label}:</dt>
              <dd className={styles.factValue}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {facts?.length === 0 ? null : (
        <details className={styles.json}>
          <summary>As recorded (JSON)</summary>
          <pre className={styles.jsonText}>{prettyJson(args)}</pre>
        </details>
      )}
    </div>
  )
}
