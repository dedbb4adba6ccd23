import type { Allowed } from './api/me'
import { holdsAnyOf, type Me } from './api/me'
import { consoleRedirect } from './navigation'

/** A screen of the signed-in console, as the nav lists it (the route's `staticData`). */
export interface ConsoleSection {
  /** The nav's label and the page's title. */
  label: string
  /** Who sees it in the nav and may open it; the server checks each call again. */
  allowed: Allowed
}

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    consoleSection?: ConsoleSection
  }
}

/**
 * A section route's `beforeLoad`: a person whose roles do not allow the section is sent
 * home, as if the address did not exist for them.
 */
export function allowOnly(section: ConsoleSection) {
  return ({ context }: { context: { me: Me } }) => {
    if (!holdsAnyOf(context.me, section.allowed)) throw consoleRedirect({ to: '/', replace: true })
  }
}
