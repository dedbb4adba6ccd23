import { t } from '@lingui/core/macro'
import * as Toast from '@radix-ui/react-toast'
import { toastDurations } from './toast-durations'
import { dismissToast, useToasts } from './toast-store'
import * as styles from './toaster.css'
import { toneSurface } from './tone.css'

/** Renders the toast store with Radix Toast. Mount once, near the root. */
export function Toaster() {
  const items = useToasts()
  return (
    <Toast.Provider duration={toastDurations.default} swipeDirection="right">
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          duration={item.duration}
          type={item.type === 'error' ? 'foreground' : 'background'}
          data-tone={item.type}
          className={`${styles.root} ${toneSurface[item.type]}`}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
        >
          <Toast.Description className={styles.description}>{item.message}</Toast.Description>
          <Toast.Close className={styles.close} aria-label={t`Dismiss`}>
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} />
    </Toast.Provider>
  )
}
