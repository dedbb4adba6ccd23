import { useState } from 'react'
import { staffCall } from '../api/staff-call'
import { useConsoleNavigate } from '../navigation'

/** Ends the session on the server (whatever the answer, this tab forgets it) and opens sign-in. */
export function SignOutButton({ className }: { className: string }) {
  const navigate = useConsoleNavigate()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        await staffCall('signout')
        await navigate({ to: '/sign-in', search: { ended: 'signed-out' }, replace: true })
      }}
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  )
}
