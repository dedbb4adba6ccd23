import { createFileRoute } from '@tanstack/react-router'
import { LoginScreen } from '../-components/login-screen'

/** `?idle=<minutes>`: the session timeout signed the customer out (docs/decisions/044). */
export const Route = createFileRoute('/_signed-out/account/login')({
  // Plain code, not valibot: route definitions load with every page (+3 KB there, decision 070).
  validateSearch: (search: Record<string, unknown>): { idle?: number } => {
    const idle = Number(search.idle)
    return Number.isInteger(idle) && idle >= 1 && idle <= 720 ? { idle } : {}
  },
  component: LoginAfterTimeout,
})

function LoginAfterTimeout() {
  const { idle } = Route.useSearch()
  return <LoginScreen idleMinutes={idle} />
}
