import { createFileRoute } from '@tanstack/react-router'
import { enforceArea } from './-components/route-guard'
import { DashboardLayout } from './dashboard/-components/dashboard-layout'

/** The signed-in area; without a session token every dashboard address goes to login. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context }) => enforceArea('signed-in', context.auth),
  component: DashboardLayout,
})
