import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../-components/placeholder-page'

export const Route = createFileRoute('/_signed-out/account/info/notice')({
  component: () => <PlaceholderPage title="Account notice" />,
})
