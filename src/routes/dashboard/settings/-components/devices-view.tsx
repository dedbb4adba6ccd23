import { useSelector } from '@xstate/react'
import type { CallResponse } from '#api/contract'
import { formatDayMonthYear, formatDayMonthYearTime } from '#api/day-month-year'
import { AlertBox, NoticeAlert } from '#ui/alert-box'
import { Button } from '#ui/button'
import { Card } from '#ui/card'
import type { SectionData } from '../../-shared/section-data'
import * as formStyles from '../../-shared/settings-form.css'
import type { SettingsFormActor } from '../../-shared/settings-form-actor'
import * as styles from './security.css'

type Device = CallResponse<'deviceList'>['devices'][number]

export interface DevicesViewProps {
  devices: SectionData<'deviceList'>
  /** "Sign out" of one device, and "Sign out everywhere else" (the settings-form machine). */
  signOutOne: SettingsFormActor
  signOutOthers: SettingsFormActor
}

/** How long a device stays signed in or remembered, in the customer's words. */
function staysText(device: Device): string {
  const remembered = device.rememberedUntil
    ? `Remembered until ${formatDayMonthYear(device.rememberedUntil)}`
    : 'Not remembered: forgotten at logout or when the browser closes'
  return device.signedIn ? `Signed in. ${remembered}.` : `Not signed in. ${remembered}.`
}

/**
 * Devices and sessions (issue 19 item 5, decision 080): each browser with a session open or
 * remembered, this one first and marked, "Sign out" for each other one and "Sign out
 * everywhere else".
 */
export function DevicesView({ devices, signOutOne, signOutOthers }: DevicesViewProps) {
  const busyOne = useSelector(signOutOne, (snapshot) => snapshot.hasTag('busy'))
  const busyOthers = useSelector(signOutOthers, (snapshot) => snapshot.hasTag('busy'))
  const noticeOne = useSelector(signOutOne, (snapshot) => snapshot.context.notice)
  const noticeOthers = useSelector(signOutOthers, (snapshot) => snapshot.context.notice)
  const busy = busyOne || busyOthers
  return (
    <Card heading="Devices and sessions">
      <p className={formStyles.lead}>
        Where your account is signed in, and the browsers that remember you. Sign out any you do not
        recognise, then change your passcode.
      </p>
      {devices.status === 'failed' ? (
        <AlertBox display type="error" msg={devices.message} />
      ) : (
        <ul className={styles.list} aria-label="Your devices">
          {devices.data.devices.map((device) => (
            <li key={device.id} className={styles.row}>
              <div className={styles.facts}>
                <span className={styles.name}>
                  {device.browser} on {device.os}
                  {device.current ? <span className={styles.thisDevice}>This device</span> : null}
                </span>
                <span className={styles.detail}>{staysText(device)}</span>
                <span className={styles.detail}>
                  First seen {formatDayMonthYear(device.firstSeen)}. Last seen{' '}
                  {formatDayMonthYearTime(device.lastSeen)}.
                </span>
              </div>
              {device.current ? null : (
                <Button
                  variant="secondary"
                  className={styles.rowAction}
                  disabled={busy}
                  aria-label={`Sign out ${device.browser} on ${device.os}, last seen ${formatDayMonthYearTime(device.lastSeen)}`}
                  onClick={() =>
                    signOutOne.send({ type: 'SUBMIT', entry: { device: String(device.id) } })
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={formStyles.form}>
        <NoticeAlert notice={noticeOne ?? noticeOthers} />
        <div className={formStyles.actions}>
          <Button
            variant="secondary"
            busy={busyOthers}
            busyLabel="Signing out…"
            disabled={busy}
            onClick={() => signOutOthers.send({ type: 'SUBMIT', entry: {} })}
          >
            Sign out everywhere else
          </Button>
        </div>
      </div>
    </Card>
  )
}
