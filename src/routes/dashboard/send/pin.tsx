import { createFileRoute } from '@tanstack/react-router'
import { SectionPlaceholder } from '../-components/section-placeholder'

export const Route = createFileRoute('/dashboard/send/pin')({
  component: () => <SectionPlaceholder title="Enter your transaction PIN" />,
})
