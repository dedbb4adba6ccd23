import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
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
  const until = device.rememberedUntil ? formatDayMonthYear(device.rememberedUntil) : null
  const remembered = until
    ? t`Remembered until ${until}`
    : t`Not remembered: forgotten at logout or when the browser closes`
  return device.signedIn ? t`Signed in. ${remembered}.` : t`Not signed in. ${remembered}.`
}

interface DeviceRowProps {
  device: Device
  busy: boolean
  signOutOne: SettingsFormActor
}

/** One browser: what it is, how long it stays, when seen; "Sign out" unless it is this one. */
function DeviceRow({ device, busy, signOutOne }: DeviceRowProps) {
  const { browser, os } = device
  const firstSeen = formatDayMonthYear(device.firstSeen)
  const lastSeen = formatDayMonthYearTime(device.lastSeen)
  return (
    <li className={styles.row}>
      <div className={styles.facts}>
        <span className={styles.name}>
          <Trans>
            {browser} on {os}
          </Trans>
          {device.current ? (
            <span className={styles.thisDevice}>
              <Trans>This device</Trans>
            </span>
          ) : null}
        </span>
        <span className={styles.detail}>{staysText(device)}</span>
        <span className={styles.detail}>
          <Trans>
            First seen {firstSeen}. Last seen {lastSeen}.
          </Trans>
        </span>
      </div>
      {device.current ? null : (
        <Button
          variant="secondary"
          className={styles.rowAction}
          disabled={busy}
          aria-label={t`Sign out ${browser} on ${os}, last seen ${lastSeen}`}
          onClick={() => signOutOne.send({ type: 'SUBMIT', entry: { device: String(device.id) } })}
        >
          <Trans>Sign out</Trans>
        </Button>
      )}
    </li>
  )
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
    <Card heading={t`Devices and sessions`}>
      <p className={formStyles.lead}>
        <Trans>
          Where your account is signed in, and the browsers that remember you. Sign out any you do
          not recognise, then change your passcode.
        </Trans>
      </p>
      {devices.status === 'failed' ? (
        <AlertBox display type="error" msg={devices.message} />
      ) : (
        <ul className={styles.list} aria-label={t`Your devices`}>
          {devices.data.devices.map((device) => (
            <DeviceRow key={device.id} device={device} busy={busy} signOutOne={signOutOne} />
          ))}
        </ul>
      )}
      <div className={formStyles.form}>
        <NoticeAlert notice={noticeOne ?? noticeOthers} />
        <div className={formStyles.actions}>
          <Button
            variant="secondary"
            busy={busyOthers}
            busyLabel={t`Signing out…`}
            disabled={busy}
            onClick={() => signOutOthers.send({ type: 'SUBMIT', entry: {} })}
          >
            <Trans>Sign out everywhere else</Trans>
          </Button>
        </div>
      </div>
    </Card>
  )
}
