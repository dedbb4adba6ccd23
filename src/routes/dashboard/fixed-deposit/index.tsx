import { createFileRoute, redirect } from '@tanstack/react-router'

/** Crypto is the only way offered, so the menu entry opens its form at once. */
export const Route = createFileRoute('/dashboard/fixed-deposit/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/fixed-deposit/crypto', replace: true })
  },
})
