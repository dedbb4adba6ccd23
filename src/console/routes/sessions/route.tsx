import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import type { ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { SessionsScreen } from './sessions-screen'

const section: ConsoleSection = { label: 'My sessions', allowed: 'any' }

/** The person's own signed-in sessions, and "sign out my other sessions". */
export const sessionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'sessions',
  staticData: { consoleSection: section },
  loader: async () => answerOrThrow(await staffCall('mysessions')),
  component: SessionsScreen,
})
