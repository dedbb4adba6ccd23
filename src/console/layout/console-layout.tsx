import { Outlet, useLocation } from '@tanstack/react-router'
import { AlertBox } from '#ui/alert-box'
import { AppearanceChoice } from '#ui/appearance-choice'
import { BrandMark } from '#ui/brand-mark'
import { roleNames } from '../api/role-names'
import type { ConsoleRouter } from '../router'
import { signedInRoute } from '../routes/signed-in'
import { refusalWords } from '../section'
import { StaffSessionTimeout } from '../session/staff-session-timeout'
import * as styles from './console-layout.css'
import { ConsoleNav } from './console-nav'

/**
 * The signed-in frame: the nav with what the person may open, the browser's appearance, their
 * name, the screen; above it, why the person was sent here when a page's guard refused them;
 * below it, the release the console was built from (for reports to operators).
 */
export function ConsoleLayout() {
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const refusal = useLocation({ select: (location) => location.state.consoleRefusal })
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <BrandMark />
        <p className={styles.area}>Staff console</p>
        <ConsoleNav me={me} />
      </aside>
      <div className={styles.column}>
        <header className={styles.header}>
          <AppearanceChoice className={styles.appearance} />
          <div className={styles.person}>
            <span className={styles.personName}>{me.name}</span>
            <span className={styles.personRoles}>{roleNames(me.roles)}</span>
          </div>
        </header>
        <main id="main" tabIndex={-1} className={styles.main}>
          <AlertBox
            display={refusal !== undefined}
            type="warning"
            msg={refusal ? refusalWords(refusal, me.roles) : null}
          />
          <Outlet />
        </main>
        <footer className={styles.footer}>Portal release {__PORTAL_VERSION__}</footer>
      </div>
      <StaffSessionTimeout />
    </div>
  )
}
