import type { ReactNode } from 'react'
import { Card } from '#ui/card'
import { CenteredPage } from '#ui/centered-page'
import { Stack } from '#ui/stack'
import { useDocumentTitle } from '#ui/use-document-title'
import * as styles from './auth-page.css'

export interface AuthPageProps {
  title: string
  subtitle?: ReactNode
  children: ReactNode
}

/** The signed-out console pages (sign-in, enrolment): the bank's mark and one card. */
export function AuthPage({ title, subtitle, children }: AuthPageProps) {
  useDocumentTitle(`${title} · Staff console`)
  return (
    <CenteredPage>
      <Card as="div" className={styles.card}>
        <Stack gap="xl">
          <Stack gap="xs">
            <h1 className={styles.title}>{title}</h1>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </Stack>
          {children}
        </Stack>
      </Card>
    </CenteredPage>
  )
}
