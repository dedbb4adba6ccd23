import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { LanguageChoice as Choice } from '#api/languages'
import { call } from '#api/session-client'
import { chooseLanguage, languageChoice } from '#i18n/language'
import { Card } from '#ui/card'
import { RadioChoice } from '#ui/radio-choice'
import * as styles from '../../-shared/settings-form.css'

/** Each language by its own name, whatever the page speaks; the browser's in the page's words. */
const choices = (): readonly { value: Choice; label: string; lang?: string }[] => [
  { value: 'browser', label: t`Browser's language` },
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'es', label: 'Español', lang: 'es' },
]

/**
 * The browser's languages, English or Español for this browser (docs/decisions/090): kept in
 * it and spoken at once on every screen; no call, nothing sent to the bank.
 */
export function LanguageView() {
  const [choice, setChoice] = useState(languageChoice)
  const choose = async (value: Choice) => {
    setChoice(value)
    await chooseLanguage(value)
    // The page's language becomes the customer's for the bank's e-mails (decision 091). If this
    // call fails, the next sign-in keeps it instead: nothing to tell the customer here.
    await call('keepLanguage', {}).catch(() => undefined)
  }
  return (
    <Card heading={t`Language`}>
      <div className={styles.form}>
        <p className={styles.lead}>
          <Trans>
            Browser's language uses the first of your browser's languages that we speak, else
            English. Your choice is kept in this browser, also after you log out.
          </Trans>
        </p>
        <RadioChoice
          legend={t`Language`}
          legendVisible={false}
          options={choices()}
          value={choice}
          onChoose={choose}
        />
      </div>
    </Card>
  )
}
