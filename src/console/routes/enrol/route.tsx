import { createRoute } from '@tanstack/react-router'
import { rootRoute } from '../root'
import { EnrolScreen } from './enrol-screen'

/** The link in the enrolment e-mail: /wp-admin/enrol#<token>, the token in the fragment. */
export const enrolRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'enrol',
  component: EnrolScreen,
})
