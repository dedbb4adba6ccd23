import { Link, useRouteContext } from '@tanstack/react-router'
import { buttonClass } from '#ui/button'
import { CenteredPage } from '#ui/centered-page'
import { ComingSoon } from '#ui/coming-soon'
import { fallbackPath, homePath } from './route-guard'

/** A full-page screen that a later release builds: its title and a way back. */
export function PlaceholderPage({ title }: { title: string }) {
  const { auth } = useRouteContext({ from: '__root__' })
  const back = fallbackPath(auth.hasToken())
  return (
    <CenteredPage>
      <ComingSoon title={title}>
        <Link to={back} className={buttonClass({ variant: 'secondary' })}>
          {back === homePath ? 'Back to dashboard' : 'Back to sign in'}
        </Link>
      </ComingSoon>
    </CenteredPage>
  )
}
