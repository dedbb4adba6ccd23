import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useLoaderData } from '@tanstack/react-router'
import { Card } from '#ui/card'
import { Icon } from '#ui/icon'
import { visuallyHidden } from '#ui/visually-hidden.css'
import * as styles from '../../-shared/link-list.css'
import * as sectionStyles from '../../-shared/section.css'
import { SectionPage } from '../../-shared/section-page'
import { contactLinks } from './contact-links'

/** dashboard/contact (Help & Support): WhatsApp, e-mail and phone, each only if the bank has it. */
export function ContactScreen() {
  const state = useLoaderData({ from: '/dashboard/contact' })
  const links = state.status === 'ready' ? contactLinks(state.data.contacts) : []
  return (
    <SectionPage
      title={t`Help & Support`}
      lead={t`Questions about your account? Reach our support team.`}
      failure={state.status === 'failed' ? state.message : null}
    >
      <Card heading={t`Contact us`}>
        {links.length === 0 ? (
          <p className={sectionStyles.empty}>
            <Trans>Our support contacts are not available right now. Please try again later.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {links.map((link) => (
              <li key={link.kind}>
                <a
                  href={link.href}
                  className={styles.linkRow}
                  {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  <span className={styles.icon}>
                    <Icon name={link.icon} />
                  </span>
                  <span className={styles.text}>
                    <span className={styles.name}>{link.label}</span>
                    <span className={styles.sub}>{link.text}</span>
                  </span>
                  {link.external ? (
                    <span className={visuallyHidden}>
                      {' '}
                      <Trans>(opens in a new tab)</Trans>
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </SectionPage>
  )
}
