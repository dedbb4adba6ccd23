import { createFileRoute } from '@tanstack/react-router'
import { SectionPlaceholder } from '../-components/section-placeholder'

export const Route = createFileRoute('/dashboard/send/')({
  component: () => <SectionPlaceholder title="Bank Transfer" />,
})
