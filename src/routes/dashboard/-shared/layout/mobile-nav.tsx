import { t } from '@lingui/core/macro'
import { lazy, Suspense, useRef, useState } from 'react'
import { Icon } from '#ui/icon'
import { useFirstPaintDone } from '#ui/use-first-paint'
import * as styles from './dashboard-layout.css'

// The drawer's code (Radix Dialog) is not needed for the first paint: it loads once that paint
// is presented, or at the first press of the button if that comes sooner.
const MobileNavDrawer = lazy(() =>
  import('./mobile-nav-drawer').then((module) => ({ default: module.MobileNavDrawer })),
)

/** On phones and tablets the side menu lives behind a menu button, as a drawer. */
export function MobileNav() {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const painted = useFirstPaintDone()
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.iconButton}
        aria-label={t`Open menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" size={24} />
      </button>
      {painted || open ? (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}
