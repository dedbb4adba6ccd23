import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { StaffScreen } from './staff-screen'

const section: ConsoleSection = { label: 'Staff', allowed: ['admin', 'auditor'] }

/** The staff: admins add, change and disable them; the auditor reads the list. */
export const staffRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'staff',
  staticData: { consoleSection: section },
  beforeLoad: allowOnly(section),
  loader: async () => answerOrThrow(await staffCall('stafflist')),
  component: StaffScreen,
})
