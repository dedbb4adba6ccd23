import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from './-components/legal-page'

/** Open to everyone, signed in or out: the terms signup asks the customer to agree to. */
export const Route = createFileRoute('/terms')({
  component: () => <LegalPage kind="terms" />,
})
