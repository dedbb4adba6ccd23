import { createFileRoute } from '@tanstack/react-router'
import { DashboardHome } from './home/-components/dashboard-home'

export const Route = createFileRoute('/dashboard/')({
  component: DashboardHome,
})
