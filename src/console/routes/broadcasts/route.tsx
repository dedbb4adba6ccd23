import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { BroadcastsScreen } from './broadcasts-screen'

const section: ConsoleSection = { label: 'Broadcasts', allowed: ['support', 'auditor'] }

/** A notification to every customer or one plan's, sent once a second person approves it. */
export const broadcastsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'broadcasts',
  staticData: { consoleSection: section },
  beforeLoad: allowOnly(section),
  loader: async () => answerOrThrow(await staffCall('broadcastpage')),
  component: BroadcastsScreen,
})
