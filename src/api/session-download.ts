import { clientStorage } from './client-storage'
import { createDownloader } from './download'
import { tokenFor } from './session-client'

/**
 * The app's downloads (statement CSV and PDF, receipt PDF) with the stored token, like `call`.
 * Its own module, so only the screens that download carry it.
 */
export const download = createDownloader({ tokenFor: (access) => tokenFor(clientStorage, access) })
