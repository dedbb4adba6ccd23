import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { brand } from '#ui/brand'
import { Card } from '#ui/card'
import { CenteredPage } from '#ui/centered-page'
import { toneSurface } from '#ui/tone.css'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from './legal-page.css'
import { type LegalText, privacyTemplate, templateNotice, termsTemplate } from './legal-templates'

const texts = { terms: termsTemplate, privacy: privacyTemplate } as const

export type LegalPageKind = keyof typeof texts

/**
 * The Terms and Conditions or the Privacy Policy (linked from signup's "agree to the following
 * terms"), open to everyone, signed in or out. The text is a template for the bank's lawyers
 * (./legal-templates.ts), and the page says so under its title.
 */
export function LegalPage({ kind }: { kind: LegalPageKind }) {
  const text: LegalText = texts[kind](brand.bankName)
  useDocumentTitle(text.title)
  return (
    <CenteredPage>
      <Card as="article" className={styles.article} aria-labelledby="legal-title">
        <header className={styles.header}>
          <h1 id="legal-title" className={styles.title}>
            {text.title}
          </h1>
          <p className={styles.lead}>{text.summary}</p>
        </header>
        <p className={`${styles.templateNotice} ${toneSurface.warning}`}>{templateNotice()}</p>
        {text.sections.map((section) => (
          <section key={section.heading} className={styles.section}>
            <h2 className={styles.heading}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <nav aria-label={t`Legal`} className={styles.links}>
          {kind === 'terms' ? (
            <Link to="/privacy">
              <Trans>Privacy Policy</Trans>
            </Link>
          ) : (
            <Link to="/terms">
              <Trans>Terms and Conditions</Trans>
            </Link>
          )}
          <Link to="/account/signup">
            <Trans>Open an account</Trans>
          </Link>
          <Link to="/account/login">
            <Trans>Sign in</Trans>
          </Link>
        </nav>
      </Card>
    </CenteredPage>
  )
}
