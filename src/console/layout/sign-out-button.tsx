import { useState } from 'react'
import { createActor, toPromise } from 'xstate'
import { useConsoleNavigate } from '../navigation'
import { staffLogout } from '../session/staff-logout'

/** Ends the session on the server (best effort, the logout sub-flow) and opens sign-in. */
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
        await toPromise(createActor(staffLogout, { input: { token: 'session' } }).start())
        await navigate({ to: '/sign-in', search: { ended: 'signed-out' }, replace: true })
      }}
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  )
}
