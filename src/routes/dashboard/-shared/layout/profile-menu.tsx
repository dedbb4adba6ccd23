import { t } from '@lingui/core/macro'
import { lazy, Suspense, useRef, useState } from 'react'
import { Avatar } from '#ui/avatar'
import { Icon } from '#ui/icon'
import { useFirstPaintDone } from '#ui/use-first-paint'
import { useStatement } from '../statement'
import * as styles from './header.css'

// The popup's code (Radix Dialog) is not needed for the first paint: it loads once that paint
// is presented, or at the first press of the button if that comes sooner.
const ProfilePopup = lazy(() =>
  import('./profile-popup').then((module) => ({ default: module.ProfilePopup })),
)

/** The profile popup: picture, full name, current plan, and Home, Profile, Settings, Logout. */
export function ProfileMenu() {
  const { state } = useStatement()
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const painted = useFirstPaintDone()
  if (state.status !== 'ready') return null
  const { fullname, picture, currentPlan } = state.data.user

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={t`Profile menu for ${fullname}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Avatar name={fullname} picture={picture} size={36} />
        <span className={styles.triggerName}>{fullname}</span>
        <Icon name="chevronRight" size={16} className={styles.chevron} />
      </button>
      {painted || open ? (
        <Suspense fallback={null}>
          <ProfilePopup
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
            fullname={fullname}
            picture={picture}
            currentPlan={currentPlan}
          />
        </Suspense>
      ) : null}
    </>
  )
}
