import { t } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { enforceArea } from './-components/route-guard'
import { dashboardCatalog } from './dashboard/-locales/catalog'
import { DashboardLayout } from './dashboard/-shared/layout/dashboard-layout'
import { loadStatement } from './dashboard/-shared/statement'
import { HomeSkeleton } from './dashboard/home/-components/home-skeleton'

/**
 * The signed-in area; without a session token every dashboard address goes to login. Its
 * loader reads the statement (and the PIN check) on entering the area, with the frame's words;
 * `gcTime: 0` drops it on
 * leaving, so the next customer to sign in never sees the last one's statement.
 */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context }) => enforceArea('signed-in', context.auth),
  loader: withCatalog(dashboardCatalog, ({ location }: { location: { pathname: string } }) =>
    loadStatement(location.pathname),
  ),
  gcTime: 0,
  pendingComponent: () => <HomeSkeleton status={t`Loading your account…`} />,
  component: DashboardLayout,
})
