import { createFileRoute } from '@tanstack/react-router'
import { VerifyScreen } from '../../-components/verify-screen'

/** `?email=` as login sends it; without it the screen asks for the address. */
export const Route = createFileRoute('/_signed-out/account/verify/')({
  // Plain code, not valibot: route definitions load with every page (+3 KB there, decision 070).
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' ? { email: search.email } : {},
  component: VerifyByQuery,
})

function VerifyByQuery() {
  const { email } = Route.useSearch()
  return <VerifyScreen key={email ?? ''} email={email} />
}
