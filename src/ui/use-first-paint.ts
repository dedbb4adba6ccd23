import { useEffect, useState } from 'react'
import { firstPaintPresented } from './after-first-paint'

/**
 * False until the page's first contentful paint has been presented (and in the render that
 * hydrates a prerendered page): for what the first screen does not need, so that its code is
 * fetched after that paint and not beside what the paint waits for (the toaster, the idle
 * timeout's statechart, the menus' dialogs).
 */
export function useFirstPaintDone() {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let mounted = true
    void firstPaintPresented().then(() => mounted && setPainted(true))
    return () => {
      mounted = false
    }
  }, [])
  return painted
}
