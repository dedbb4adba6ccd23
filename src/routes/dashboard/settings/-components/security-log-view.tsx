import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { CallResponse } from '#api/contract'
import { formatDayMonthYearTime } from '#api/day-month-year'
import { AlertBox } from '#ui/alert-box'
import { Card } from '#ui/card'
import type { SectionData } from '../../-shared/section-data'
import * as formStyles from '../../-shared/settings-form.css'
import * as styles from './security.css'

type SecurityEvent = CallResponse<'securityLog'>['events'][number]

const addressOf = (address: string) => t`address ${address}`

const whereFrom = (event: SecurityEvent) =>
  [event.device, event.address ? addressOf(event.address) : null].filter(Boolean).join(', ')

/** The security log (issue 19 item 6, decision 080): the last 50 events, newest first. */
export function SecurityLogView({ log }: { log: SectionData<'securityLog'> }) {
  return (
    <Card heading={t`Security log`}>
      <p className={formStyles.lead}>
        <Trans>
          The last 50 sign-ins, failed attempts and changes to how you sign in, newest first.
        </Trans>
      </p>
      {log.status === 'failed' ? (
        <AlertBox display type="error" msg={log.message} />
      ) : log.data.events.length === 0 ? (
        <p className={styles.empty}>
          <Trans>Nothing yet.</Trans>
        </p>
      ) : (
        <ol className={styles.list} aria-label={t`Security events`}>
          {log.data.events.map((event) => (
            <li key={event.id} className={styles.row}>
              <div className={styles.facts}>
                <span className={styles.name}>{event.what}</span>
                {whereFrom(event) ? (
                  <span className={styles.detail}>{whereFrom(event)}</span>
                ) : null}
              </div>
              <time className={styles.detail} dateTime={event.at}>
                {formatDayMonthYearTime(event.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
