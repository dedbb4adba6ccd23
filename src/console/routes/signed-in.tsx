import { createRoute } from '@tanstack/react-router'
import { staffSessionRead } from '../api/staff-call'
import { ConsoleLayout } from '../layout/console-layout'
import { consoleRedirect } from '../navigation'
import { rootRoute } from './root'

/**
 * Every screen of a signed-in person. Whether one is signed in is the server's to say: whoami
 * (which does not count as activity) on each navigation; its person is the context of every
 * screen below (`context.me`), and the nav shows what their roles allow.
 */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ location }) => {
    const answer = await staffSessionRead('whoami')
    if (answer.ok) return { me: answer.data }
    if (answer.reason === 'unauthorized')
      throw consoleRedirect({
        to: '/sign-in',
        search: location.pathname === '/' ? {} : { next: location.pathname },
        replace: true,
      })
    throw new Error(answer.message ?? 'We could not reach the bank. Check your connection.')
  },
  component: ConsoleLayout,
})
