import { createRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { CustomerSearchScreen } from './customer-search-screen'

const section: ConsoleSection = {
  label: 'Customers',
  allowed: ['support', 'kyc', 'payments', 'auditor'],
}

const searchAddress = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined),
})

/** Customers found by e-mail, name or account number (two characters at least). */
export const customersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'customers',
  staticData: { consoleSection: section },
  validateSearch: searchAddress,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => ({ q: search.q?.trim() ?? '' }),
  loader: async ({ deps }) =>
    deps.q.length < 2
      ? { customers: null }
      : answerOrThrow(await staffCall('customersearch', { query: deps.q })),
  component: CustomerSearchScreen,
})
