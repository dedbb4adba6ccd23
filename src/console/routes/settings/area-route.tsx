import { createRoute } from '@tanstack/react-router'
import { isSettingsAreaName } from '#api/contract/staff/settings-areas'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { consoleRedirect } from '../../navigation'
import { allowOnly } from '../../section'
import { signedInRoute } from '../signed-in'
import { SettingsAreaScreen } from './area-screen'
import { settingsSection } from './section'

/** One area of the settings: its form, its history and the differences between versions. */
export const settingsAreaRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'settings/$area',
  beforeLoad: allowOnly(settingsSection),
  loader: async ({ params: { area } }) => {
    // An area that does not exist is the list of those that do.
    if (!isSettingsAreaName(area)) throw consoleRedirect({ to: '/settings', replace: true })
    return answerOrThrow(await staffCall('settingsarea', { area }))
  },
  component: SettingsAreaScreen,
})
