import { createFileRoute, redirect } from '@tanstack/react-router'

/** A receipt needs its number: without one, the statement lists every receipt (decision 014). */
export const Route = createFileRoute('/dashboard/receipt/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/statements', replace: true })
  },
})
