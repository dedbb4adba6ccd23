import { createFileRoute } from '@tanstack/react-router'
import { loadCatalog } from '#i18n/catalogs'
import { PinCreationScreen } from './-components/pin-creation-screen'
import { pincreationCatalog } from './-locales/catalog'

/**
 * PIN creation (spec section 4). Its two addresses, `dashboard/pincreation` (enter 4 digits)
 * and `dashboard/pincreation/new1` (re-enter them), are the two steps of one machine, which
 * lives in this layout route; the address follows the machine's step, and `new1` opened
 * without a first entry starts at the first step (docs/decisions/010-pin-creation.md).
 */
export const Route = createFileRoute('/dashboard/pincreation')({
  loader: () => loadCatalog(pincreationCatalog),
  component: PinCreationScreen,
})
