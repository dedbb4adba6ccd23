import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { AppearanceChoice } from '#ui/appearance-choice'
import { Card } from '#ui/card'
import * as styles from '../../-shared/settings-form.css'

/** Light or dark for this browser (docs/decisions/086): no call, nothing sent to the bank. */
export function AppearanceView() {
  return (
    <Card heading={t`Appearance`}>
      <div className={styles.form}>
        <p className={styles.lead}>
          <Trans>
            System follows your device's light or dark setting. Your choice is kept in this browser,
            also after you log out, and applies to the sign-in pages too.
          </Trans>
        </p>
        <AppearanceChoice legendVisible={false} />
      </div>
    </Card>
  )
}
