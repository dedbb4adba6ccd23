import { t } from '@lingui/core/macro'
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { failureNotice } from '#api/call-failure'
import type { DownloadName, DownloadResult } from '#api/download'
import type { Notice } from '#api/notice'
import { appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * Downloading a file the server writes (`statementcsv`, `statementpdf`, `receiptpdf`): the POST
 * with the token, then the browser saves the file under the server's name. One download runs at
 * a time; a refusal or no answer shows a message and changes nothing. Used by Statements &
 * Report (next to its list, which keeps scrolling meanwhile) and by the receipt
 * (docs/decisions/013-statements-screen.md).
 */

export const fileDownloadMessages = {
  /** The server refused without words (it answers 400 and 404 with a message). */
  get failed() {
    return t`The file could not be downloaded. Please try again.`
  },
} as const

export interface DownloadRequest {
  name: DownloadName
  fields: Record<string, string>
}

export interface FileDownloadContext {
  /** What is being downloaded, or was last. */
  request: DownloadRequest | null
  answer: DownloadResult | null
  alert: Notice | null
}

export type FileDownloadEvent = { type: 'DOWNLOAD' } & DownloadRequest

export type SavedFile = { blob: Blob; filename: string }

export const fileDownloadMachine = setup({
  types: {
    context: {} as FileDownloadContext,
    events: {} as FileDownloadEvent,
    tags: {} as 'busy',
  },
  actors: {
    download: fromPromise<DownloadResult, DownloadRequest>(async () => {
      throw new Error('download is provided by the app')
    }),
  },
  guards: {
    isSaved: ({ context }) => context.answer?.ok === true,
    isSessionEnded,
  },
  actions: {
    keepRequest: assign(({ event }) => {
      assertEvent(event, 'DOWNLOAD')
      return { request: { name: event.name, fields: event.fields }, answer: null, alert: null }
    }),
    keepAnswer: assign((_, answer: DownloadResult) => ({ answer })),
    showFailure: assign(({ context }) => ({
      alert:
        context.answer?.ok === false
          ? failureNotice(context.answer, fileDownloadMessages.failed)
          : null,
    })),
    showUnexpectedFailure: assign(() => ({
      alert: { tone: 'error', message: fileDownloadMessages.failed } satisfies Notice,
    })),
    /** Hands the file to the browser (the screen provides it). */
    saveFile: appEffect<SavedFile>(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'fileDownload',
  description: 'A file download (statement CSV or PDF, receipt PDF): one at a time.',
  context: { request: null, answer: null, alert: null },
  initial: 'idle',
  states: {
    idle: {
      meta: { description: 'The download buttons are ready.' },
      on: { DOWNLOAD: { target: 'downloading', actions: 'keepRequest' } },
    },
    downloading: {
      tags: ['busy'],
      meta: { description: 'The file is being written by the server; its button is busy.' },
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => context.request ?? { name: 'statementCsv', fields: {} },
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'showUnexpectedFailure' },
      },
    },
    answered: {
      meta: { description: 'Decides on the answer at once.' },
      always: [
        { guard: 'isSaved', target: 'saved' },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: 'failed', actions: 'showFailure' },
      ],
    },
    saved: {
      meta: { description: "The browser saves the file under the server's name." },
      entry: {
        type: 'saveFile',
        params: ({ context }) =>
          context.answer?.ok
            ? { blob: context.answer.blob, filename: context.answer.filename }
            : { blob: new Blob([]), filename: '' },
      },
      on: { DOWNLOAD: { target: 'downloading', actions: 'keepRequest' } },
    },
    failed: {
      meta: { description: 'The reason shows in an alert; the buttons are ready again.' },
      on: { DOWNLOAD: { target: 'downloading', actions: 'keepRequest' } },
    },
    leftForLogin: {
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
