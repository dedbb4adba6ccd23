import { approvalsRoute } from './routes/approvals/route'
import { auditRoute } from './routes/audit/route'
import { broadcastsRoute } from './routes/broadcasts/route'
import { customerRoute } from './routes/customers/customer-route'
import { customersRoute } from './routes/customers/route'
import { enrolRoute } from './routes/enrol/route'
import { figuresRoute } from './routes/figures/route'
import { homeRoute } from './routes/home/route'
import { kycCaseRoute } from './routes/kyc/case-route'
import { kycRequestsRoute } from './routes/kyc/requests-route'
import { kycRoute } from './routes/kyc/route'
import { mailRoute } from './routes/mail/route'
import { requestCaseRoute } from './routes/requests/case-route'
import { requestsRoute } from './routes/requests/route'
import { rootRoute } from './routes/root'
import { sessionsRoute } from './routes/sessions/route'
import { settingsAreaRoute } from './routes/settings/area-route'
import { settingsRoute } from './routes/settings/route'
import { signInRoute } from './routes/sign-in/route'
import { signedInRoute } from './routes/signed-in'
import { staffRoute } from './routes/staff/route'
import { transfersRoute } from './routes/transfers/route'

/**
 * The console's routes. A screen is a folder under routes/ with a `route.tsx` (its
 * createRoute, with `staticData.consoleSection` to appear in the nav) and one line here; the
 * nav lists the sections in this order.
 */
export const routeTree = rootRoute.addChildren([
  signInRoute,
  enrolRoute,
  signedInRoute.addChildren([
    homeRoute,
    kycRoute,
    kycRequestsRoute,
    kycCaseRoute,
    requestsRoute,
    requestCaseRoute,
    transfersRoute,
    approvalsRoute,
    broadcastsRoute,
    figuresRoute,
    customersRoute,
    customerRoute,
    mailRoute,
    settingsRoute,
    settingsAreaRoute,
    staffRoute,
    auditRoute,
    sessionsRoute,
  ]),
])
