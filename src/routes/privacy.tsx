import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from './-components/legal-page'

/** Open to everyone, signed in or out: how the bank handles personal data. */
export const Route = createFileRoute('/privacy')({
  component: () => <LegalPage kind="privacy" />,
})
