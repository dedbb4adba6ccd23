import { BrandMark } from '#ui/brand-mark'
import * as styles from './header.css'
import { MobileNav } from './mobile-nav'
import { ProfileMenu } from './profile-menu'

/** The top bar: the menu button and bank name on small screens, the profile popup. */
export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.phoneOnly}>
        <MobileNav />
      </div>
      <BrandMark className={styles.brand} />
      <div className={styles.spacer} />
      <ProfileMenu />
    </header>
  )
}
