import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { outcomes } from '#dev/outcomes/file-download.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  type DownloadRequest,
  fileDownloadMachine,
  fileDownloadMessages,
} from '#machines/file-download.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const csv: DownloadRequest = {
  name: 'statementCsv',
  fields: { from: '2025-03-01', to: '', type: 'debit' },
}
const receipt: DownloadRequest = { name: 'receiptPdf', fields: { trans: 'rcpt-0001' } }

const effects: string[] = []
const machine = fileDownloadMachine.provide({
  actions: {
    saveFile: (_, file) => effects.push(`save ${file.filename} (${file.blob.size} bytes)`),
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

/** The alert after each answer that is not the file. */
const failureAlert: Record<string, string> = {
  'refused: not found': 'Receipt not found.',
  'refused, no message': fileDownloadMessages.failed,
  'network failure': networkFailureMessage,
  'client fault': fileDownloadMessages.failed,
}

describeMachinePaths(machine, {
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'DOWNLOAD', ...csv },
    { type: 'DOWNLOAD', ...receipt },
  ],
  states: {
    idle: ({ context }: Snapshot) => {
      effects.length = 0
      expect(context).toEqual({ request: null, answer: null, alert: null })
    },
    downloading: (snapshot: Snapshot, { event, invocations }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(event.type).toBe('DOWNLOAD')
      const request = event.type === 'DOWNLOAD' ? { name: event.name, fields: event.fields } : null
      expect(snapshot.context.request).toEqual(request)
      expect(snapshot.context.alert).toBeNull()
      expect(invocations.at(-1)).toEqual({ src: 'download', id: 'download', input: request })
    },
    saved: ({ context }: Snapshot, { event }) => {
      expect(outcomeLabel(outcomes, event)).toBe('the file')
      expect(context.alert).toBeNull()
      expect(effects.at(-1)).toBe('save statement_start_to_2025-03-07.pdf (9 bytes)')
    },
    failed: ({ context }: Snapshot, { event }) => {
      expect(context.alert).toEqual({
        tone: 'error',
        message: failureAlert[outcomeLabel(outcomes, event)],
      })
      expect(effects.filter((effect) => effect.startsWith('save'))).toHaveLength(0)
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})
