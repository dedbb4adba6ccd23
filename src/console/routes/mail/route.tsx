import { createRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { mailStatusNames } from '#api/contract/staff/mail'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { MailScreen } from './mail-screen'

const section: ConsoleSection = { label: 'Mail', allowed: ['support', 'auditor'] }

const mailSearch = v.object({
  status: v.fallback(v.optional(v.picklist(mailStatusNames)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

/** The outbox: every e-mail the bank sends, newest first; a failed one can be sent again. */
export const mailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'mail',
  staticData: { consoleSection: section },
  validateSearch: mailSearch,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) =>
    answerOrThrow(
      await staffCall('maillist', {
        status: deps.status,
        page: deps.page ? String(deps.page) : undefined,
      }),
    ),
  component: MailScreen,
})
