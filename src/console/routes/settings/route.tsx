import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly } from '../../section'
import { signedInRoute } from '../signed-in'
import { settingsSection } from './section'
import { SettingsScreen } from './settings-screen'

/** The settings the portal's forms read, by area, each with its version in use. */
export const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'settings',
  staticData: { consoleSection: settingsSection },
  beforeLoad: allowOnly(settingsSection),
  loader: async () => answerOrThrow(await staffCall('settingslist')),
  component: SettingsScreen,
})
