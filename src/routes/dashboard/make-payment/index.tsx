import { createFileRoute, redirect } from '@tanstack/react-router'

/** Crypto is the only way offered, so the menu entry opens its form at once. */
export const Route = createFileRoute('/dashboard/make-payment/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/make-payment/crypto', replace: true })
  },
})
