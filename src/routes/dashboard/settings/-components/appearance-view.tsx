import { AppearanceChoice } from '#ui/appearance-choice'
import { Card } from '#ui/card'
import * as styles from '../../-shared/settings-form.css'

/** Light or dark for this browser (docs/decisions/086): no call, nothing sent to the bank. */
export function AppearanceView() {
  return (
    <Card heading="Appearance">
      <div className={styles.form}>
        <p className={styles.lead}>
          System follows your device's light or dark setting. Your choice is kept in this browser,
          also after you log out, and applies to the sign-in pages too.
        </p>
        <AppearanceChoice legendVisible={false} />
      </div>
    </Card>
  )
}
