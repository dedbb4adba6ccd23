import type { NoticeResult } from '#machines/notice.machine'
import { loggedOut } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What `getsinfo` can answer and what the logout sub-flow, invoked as `logout`, ends with, by
 * label (see outcomes.ts).
 */

const notice = (result: NoticeResult) => result

export const accountNoticeOutcomes = {
  notice: {
    label: 'a notice',
    output: notice({
      ok: true,
      data: {
        notice: {
          head: 'Account restricted',
          body: 'Please contact support to lift the restriction on your account.',
        },
      },
    }),
  },
  noNotice: {
    label: 'no notice any more',
    output: notice({ ok: true, data: { notice: null } }),
  },
  unauthorized: {
    label: 'unauthorized (no or expired sbaUid)',
    output: notice({ ok: false, reason: 'unauthorized', message: 'getsinfo needs a token' }),
  },
  network: {
    label: 'network failure',
    output: notice({ ok: false, reason: 'network' }),
  },
  rejected: {
    label: 'refused by the server',
    output: notice({ ok: false, reason: 'rejected', message: 'getsinfo is not built yet' }),
  },
  thrown: { label: 'the call threw', error: new Error('getsinfo threw') },
} as const

export const outcomes: FlowOutcomes = {
  accountNotice: Object.values(accountNoticeOutcomes),
  signOut: [loggedOut()],
}
