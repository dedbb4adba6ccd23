import { createFileRoute } from '@tanstack/react-router'
import { SectionPlaceholder } from '../-components/section-placeholder'

export const Route = createFileRoute('/dashboard/pincreation/')({
  component: () => <SectionPlaceholder title="Create your transaction PIN" />,
})
