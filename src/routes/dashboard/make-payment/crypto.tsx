import { createFileRoute } from '@tanstack/react-router'
import { SectionPlaceholder } from '../-components/section-placeholder'

export const Route = createFileRoute('/dashboard/make-payment/crypto')({
  component: () => <SectionPlaceholder title="Pay with crypto" />,
})
