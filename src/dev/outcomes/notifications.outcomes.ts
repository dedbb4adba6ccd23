import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `mnotificationar` and `mnotificationsallar` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  markNotificationRead: [
    {
      label: 'marked as read',
      output: { ok: true, data: { status: true, message: 'Marked as read' } },
    },
    {
      label: 'marked, no message',
      output: { ok: true, data: { status: true, message: '' } },
    },
    {
      label: 'refused: already read, missing or not yours',
      output: { ok: true, data: { status: false, message: 'Something went wrong!' } },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { status: false, message: '' } },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
  markNotificationsRead: [
    {
      label: 'all marked as read',
      output: {
        ok: true,
        data: { status: true, message: 'Marked as read', marked: 3, unreadCount: 0 },
      },
    },
    {
      label: 'all marked, none was unread',
      output: { ok: true, data: { status: true, message: '', marked: 0, unreadCount: 0 } },
    },
    {
      label: 'all refused, no message',
      output: { ok: true, data: { status: false, message: '', marked: 0, unreadCount: 2 } },
    },
    sessionEnded(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
