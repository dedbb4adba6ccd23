import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import type { ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { HomeScreen } from './home-screen'

const section: ConsoleSection = { label: 'Home', allowed: 'any' }

export const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  staticData: { consoleSection: section },
  loader: async () => answerOrThrow(await staffCall('queues')),
  component: HomeScreen,
})
