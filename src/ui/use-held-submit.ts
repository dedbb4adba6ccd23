import { type RefObject, useEffect } from 'react'
import { claimForm } from './held-submits'

/**
 * For a form a page prerenders: once its component has hydrated it, a submit the entry held
 * (sent before the app was there) is sent again, now to the app (src/ui/held-submits.ts).
 */
export function useHeldSubmit(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    if (form.current) claimForm(form.current)
  }, [form])
}
