import { i18n } from '@lingui/core'
import { I18nProvider, useLingui } from '@lingui/react'
import { Fragment, type ReactNode } from 'react'

/**
 * Everything drawn again from scratch when the language changes (Settings), so every word, the
 * ones a statechart or a helper wrote with Lingui's `t` included, is in the new language.
 */
function DrawnInLanguage({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui()
  return <Fragment key={active.locale}>{children}</Fragment>
}

/** The portal's words in the language in use (src/i18n/language.ts, docs/decisions/090). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <DrawnInLanguage>{children}</DrawnInLanguage>
    </I18nProvider>
  )
}
