import { createRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { transferStatusNames } from '#api/contract/staff/transfers'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { TransferListScreen } from './transfer-list-screen'

const section: ConsoleSection = { label: 'Transfers', allowed: ['payments', 'auditor'] }

const transferListSearch = v.object({
  status: v.fallback(v.optional(v.picklist(transferStatusNames)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

/** Transfers in progress (oldest first), settled or failed in their rows. */
export const transfersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'transfers',
  staticData: { consoleSection: section },
  validateSearch: transferListSearch,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) =>
    answerOrThrow(
      await staffCall('transferlist', {
        status: deps.status,
        page: deps.page ? String(deps.page) : undefined,
      }),
    ),
  component: TransferListScreen,
})
