import { createFileRoute } from '@tanstack/react-router'
import { SectionPlaceholder } from './-components/section-placeholder'

export const Route = createFileRoute('/dashboard/kyc')({
  component: () => <SectionPlaceholder title="Identity verification" />,
})
