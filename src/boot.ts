import { clientStorage } from '#api/client-storage'
import { sendEarlyActions } from '#api/early-calls'
import { signedInFirstCalls } from '#routes/dashboard/-components/first-calls'

/**
 * The page's entry, kept tiny: on a signed-in page with a stored session it sends the area's
 * first calls at once, then loads the app, whose files the page already preloads. The answers
 * and the code come down together (docs/decisions/058-early-calls.md).
 */
const token = clientStorage.get('baUid')
const signedInArea = `${import.meta.env.BASE_URL}dashboard`
const { pathname } = window.location
if (token && (pathname === signedInArea || pathname.startsWith(`${signedInArea}/`)))
  sendEarlyActions(signedInFirstCalls, token)

let loading = false
const loadApp = () => {
  if (loading) return
  loading = true
  void import('./main')
}
// A prerendered page (login, signup) is painted from its HTML before the app's modules are
// evaluated, a long task on a slow phone that would otherwise come first when the files are
// already there. A frame's callback runs before the paint, its timeout after it; a page opened
// in a background tab, which gets no frames, loads the app anyway.
if (document.getElementById('root')?.dataset.prerendered !== undefined) {
  requestAnimationFrame(() => setTimeout(loadApp, 0))
  setTimeout(loadApp, 250)
} else loadApp()
