import { createFileRoute } from '@tanstack/react-router'
import { enforceArea } from './-components/route-guard'

/** Screens for visitors without a session token; with one, they go to the dashboard. */
export const Route = createFileRoute('/_signed-out')({
  beforeLoad: ({ context }) => enforceArea('signed-out', context.auth),
})
