import { createFileRoute } from '@tanstack/react-router'
import { SectionPlaceholder } from '../-components/section-placeholder'

export const Route = createFileRoute('/dashboard/pincreation/new1')({
  component: () => <SectionPlaceholder title="Confirm your transaction PIN" />,
})
