import { createFileRoute } from '@tanstack/react-router'
import { SectionPlaceholder } from '../-components/section-placeholder'

export const Route = createFileRoute('/dashboard/fixed-deposit/crypto')({
  component: () => <SectionPlaceholder title="Fixed deposit with crypto" />,
})
