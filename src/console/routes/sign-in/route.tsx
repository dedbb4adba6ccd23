import { createRoute } from '@tanstack/react-router'
import { isSessionEndReason, type SessionEndReason } from '../../api/session-end'
import { staffSessionRead } from '../../api/staff-call'
import { consoleRedirect } from '../../navigation'
import { rootRoute } from '../root'
import { SignInScreen } from './sign-in-screen'

export interface SignInSearch {
  /** Why the sign-in opened, for its notice. */
  ended?: SessionEndReason
  /** The console address to open once signed in. */
  next?: string
}

/** A signed-in person who opens the sign-in goes home; everyone else signs in. */
export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    ended: isSessionEndReason(search.ended) ? search.ended : undefined,
    next:
      typeof search.next === 'string' && /^\/(?!\/)/.test(search.next) ? search.next : undefined,
  }),
  beforeLoad: async () => {
    const answer = await staffSessionRead('whoami')
    if (answer.ok) throw consoleRedirect({ to: '/', replace: true })
  },
  component: SignInScreen,
})
