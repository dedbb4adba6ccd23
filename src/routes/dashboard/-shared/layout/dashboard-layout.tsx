import { Trans } from '@lingui/react/macro'
import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { BrandMark } from '#ui/brand-mark'
import { Footer } from '#ui/footer'
import { useFirstPaintDone } from '#ui/use-first-paint'
import { useStatement } from '../statement'
import * as styles from './dashboard-layout.css'
import { Header } from './header'
import { NoticeScreen } from './notice-screen'
import { SidebarNav } from './sidebar-nav'

// The timeout's statechart (and XState with it) loads once the first paint is presented: it
// waits minutes before it shows anything (docs/decisions/044).
const SessionTimeoutScreen = lazy(() =>
  import('./session-timeout-screen').then((module) => ({ default: module.SessionTimeoutScreen })),
)

/**
 * The signed-in frame: side menu, header with the profile popup, the section, the footer; the
 * idle-timeout warning runs over all of it.
 */
export function DashboardLayout() {
  const painted = useFirstPaintDone()
  return (
    <>
      <SignedInFrame />
      {painted ? (
        <Suspense fallback={null}>
          <SessionTimeoutScreen />
        </Suspense>
      ) : null}
    </>
  )
}

function SignedInFrame() {
  const { state } = useStatement()
  if (state.status === 'ready' && state.data.details) {
    return <NoticeScreen head={state.data.details.head} body={state.data.details.body} />
  }
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        <Trans>Skip to content</Trans>
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.sidebarMenu}>
          <BrandMark className={styles.sidebarBrand} />
          <SidebarNav />
        </div>
      </aside>
      <div className={styles.column}>
        <Header />
        <main id="main" tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  )
}
