import type { TotpSecret } from '#machines/staff-enrolment.machine'
import { Button } from '#ui/button'
import { CodeForm } from '../../forms/code-form'
import * as styles from './enrol.css'

/** The SVG our server drew, as an image: shown, never put into the page as markup. */
const imageOf = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

export interface TotpStepProps {
  totp: TotpSecret
  busy: boolean
  onCode: (code: string) => void
  onPasskey: () => void
}

/** Adding an authenticator app: scan the QR code or type the secret, then confirm a code. */
export function TotpStep({ totp, busy, onCode, onPasskey }: TotpStepProps) {
  return (
    <>
      <ol className={styles.steps}>
        <li>In your authenticator app, add an account and scan this QR code.</li>
        <li>Or type the secret below into the app instead.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <img
        className={styles.qr}
        src={imageOf(totp.qrSvg)}
        alt="QR code to add this account to your authenticator app"
        width={200}
        height={200}
      />
      <p className={styles.secret} data-testid="totp-secret">
        {grouped(totp.secret)}
      </p>
      <CodeForm busy={busy} submitLabel="Confirm and sign in" onSubmit={onCode}>
        <Button variant="ghost" fullWidth disabled={busy} onClick={onPasskey}>
          Add a passkey instead
        </Button>
      </CodeForm>
    </>
  )
}
