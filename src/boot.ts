import { clientStorage } from '#api/client-storage'
import { sendEarlyActions } from '#api/early-calls'
import { signedInFirstCalls } from '#routes/dashboard/-shared/first-calls'
import { afterFirstPaint, importNamedModules } from '#ui/after-first-paint'
import { holdPrerenderedSubmits } from '#ui/held-submits'

/**
 * The page's entry, kept tiny: on a signed-in page with a stored session it sends the area's
 * first calls at once, then loads the app, whose files the page already preloads: the answers
 * and the code come down together (docs/decisions/058-early-calls.md).
 */
const token = clientStorage.get('baUid')
const signedInArea = `${import.meta.env.BASE_URL}dashboard`
const { pathname } = window.location
if (token && (pathname === signedInArea || pathname.startsWith(`${signedInArea}/`)))
  sendEarlyActions(
    signedInFirstCalls.map((call) => call.wire),
    token,
  )

const loadApp = () => void import('./main')
// A prerendered page (login, signup) is shown from its HTML alone: its app and route files are
// fetched and evaluated only after that first paint, so neither their download (on a slow
// network) nor their evaluation (a long task on a slow phone) can come before it
// (docs/decisions/060-prerendered-pages-load-after-paint.md).
const root = document.getElementById('root')
if (root?.dataset.prerendered === undefined) loadApp()
else {
  holdPrerenderedSubmits(root)
  afterFirstPaint(() => void importNamedModules(root).then(loadApp))
}
