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
  beforeLoad: ({ context, params }) => {
    allowOnly(settingsSection)({ context })
    if (!isSettingsAreaName(params.area)) throw consoleRedirect({ to: '/settings', replace: true })
  },
  loader: async ({ params }) =>
    answerOrThrow(await staffCall('settingsarea', { area: params.area as 'coins' })),
  component: SettingsAreaScreen,
})
