import type { StaffRole } from '#api/contract/staff'
import type { Allowed } from './api/me'
import { holdsAnyOf, type Me } from './api/me'
import { roleLabels, roleNames } from './api/role-names'
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

/** Why the console sent someone home: the page they asked for and the roles it needs. */
export interface Refusal {
  page: string
  needs: readonly StaffRole[]
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by a section's guard on the way home, for the notice there (refusalWords). */
    consoleRefusal?: Refusal
  }
}

/** "a or b", "a, b or c". */
const eitherOf = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`

/**
 * What the person sent home is told: "The Requests page needs the Payments or Auditor role; you
 * hold Support."
 */
export function refusalWords({ page, needs }: Refusal, held: readonly StaffRole[]) {
  const holding = held.length ? roleNames(held).replace(/, ([^,]*)$/, ' and $1') : 'no role'
  return `The ${page} page needs the ${eitherOf(needs.map((role) => roleLabels[role]))} role; you hold ${holding}.`
}

/**
 * A section route's `beforeLoad`: a person whose roles do not allow the section is sent home,
 * where a notice says which role the page needs (the address's history entry carries it, so
 * the address stays "/").
 */
export function allowOnly(section: ConsoleSection) {
  return ({ context }: { context: { me: Me } }) => {
    if (holdsAnyOf(context.me, section.allowed)) return
    const needs = section.allowed === 'any' ? [] : section.allowed
    throw consoleRedirect({
      to: '/',
      replace: true,
      state: { consoleRefusal: { page: section.label, needs } },
    })
  }
}
