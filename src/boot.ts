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

void import('./main')
