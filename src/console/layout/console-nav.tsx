import { useRouter } from '@tanstack/react-router'
import { holdsAnyOf, type Me } from '../api/me'
import { ConsoleLink } from '../navigation'
import * as styles from './console-nav.css'
import { SignOutButton } from './sign-out-button'

/**
 * The sections the route tree has (routes with `staticData.consoleSection`, in the tree's
 * order) that the person's roles allow, then sign-out.
 */
export function ConsoleNav({ me }: { me: Me }) {
  const router = useRouter()
  const sections = Object.values(router.routesById).flatMap((route) => {
    const section = route.options.staticData?.consoleSection
    return section && holdsAnyOf(me, section.allowed) ? [{ path: route.fullPath, section }] : []
  })
  return (
    <nav aria-label="Console">
      <ul className={styles.list}>
        {sections.map(({ path, section }) => (
          <li key={path}>
            <ConsoleLink
              to={path as '/'}
              className={styles.item}
              activeOptions={{ exact: path === '/' }}
            >
              {section.label}
            </ConsoleLink>
          </li>
        ))}
        <li>
          <SignOutButton className={styles.item} />
        </li>
      </ul>
    </nav>
  )
}
