import { homeRoute } from './routes/home/route'
import { kycCaseRoute } from './routes/kyc/case-route'
import { kycRequestsRoute } from './routes/kyc/requests-route'
import { kycRoute } from './routes/kyc/route'
import { rootRoute } from './routes/root'
import { signInRoute } from './routes/sign-in/route'
import { signedInRoute } from './routes/signed-in'

/**
 * The console's routes. A screen is a folder under routes/ with a `route.tsx` (its
 * createRoute, with `staticData.consoleSection` to appear in the nav) and one line here; the
 * nav lists the sections in this order.
 */
export const routeTree = rootRoute.addChildren([
  signInRoute,
  signedInRoute.addChildren([homeRoute, kycRoute, kycRequestsRoute, kycCaseRoute]),
])
