import { createFileRoute } from '@tanstack/react-router'
import { PasscodeResetScreen } from '../../-components/passcode-reset-screen'

/** E-mail (prefilled from `?email=`, as the forgot screen links here), code and passcode. */
export const Route = createFileRoute('/_signed-out/account/reset/')({
  // Plain code, not valibot: route definitions load with every page (+3 KB there, decision 070).
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' ? { email: search.email } : {},
  component: ResetPasscodeIndex,
})

function ResetPasscodeIndex() {
  const { email } = Route.useSearch()
  return <PasscodeResetScreen email={email} />
}
