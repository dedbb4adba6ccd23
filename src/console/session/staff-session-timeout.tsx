import { useActorRef } from '@xstate/react'
import { useRef } from 'react'
import { fromPromise } from 'xstate'
import { sessionTimeoutMachine } from '#machines/session-timeout.machine'
import { SessionTimeoutView } from '#routes/dashboard/-shared/layout/session-timeout-view'
import { staffSessionRead } from '../api/staff-call'
import { useConsoleNavigate } from '../navigation'
import { staffLogout } from './staff-logout'
import { asSessionTime, reachedAbsoluteEnd } from './staff-session-time'

/**
 * The portal's idle timeout (statechart and dialog, docs/decisions/044) over the console: it
 * reads the session's end with whoami (not activity), "Stay signed in" is keepalive, and the
 * end opens the sign-in saying why (15 idle minutes, or the 8 hours).
 */
export function StaffSessionTimeout() {
  const navigate = useConsoleNavigate()
  const expiry = useRef<string | null>(null)
  const actor = useActorRef(
    sessionTimeoutMachine.provide({
      actors: {
        sessionStatus: fromPromise(async () => {
          const answer = await staffSessionRead('whoami')
          if (answer.ok) expiry.current = answer.data.expires_at
          return asSessionTime(answer, Date.now(), expiry.current)
        }),
        keepAlive: fromPromise(async () =>
          asSessionTime(await staffSessionRead('keepalive'), Date.now(), expiry.current),
        ),
        signOut: staffLogout,
      },
      actions: {
        // The session is the server's HttpOnly cookie: nothing is stored in the browser.
        clearStorage: () => {},
        goToLogin: () =>
          void navigate({ to: '/sign-in', search: { ended: 'signed-out' }, replace: true }),
        goToLoginAfterTimeout: () =>
          void navigate({
            to: '/sign-in',
            search: { ended: reachedAbsoluteEnd(expiry.current, Date.now()) ? 'expired' : 'idle' },
            replace: true,
          }),
      },
    }),
  )
  return <SessionTimeoutView actor={actor} />
}
