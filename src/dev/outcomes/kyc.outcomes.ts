import type { DocsResult, SubmitResult } from '#machines/kyc.machine'
import type { FlowOutcomes } from './outcomes'

/** What `getdocs` and `submit_verification` can answer, by label (see outcomes.ts). */

const docs = (result: DocsResult) => result
const submit = (result: SubmitResult) => result

export const documentTypeOutcomes = {
  names: {
    label: 'document types',
    output: docs({
      ok: true,
      data: {
        docs: [{ name: 'International Passport' }, { name: 'National ID Card' }],
      },
    }),
  },
  network: { label: 'network failure', output: docs({ ok: false, reason: 'network' }) },
  thrown: { label: 'the call threw', error: new Error('getdocs threw') },
} as const

export const submitOutcomes = {
  submitted: {
    label: 'submitted (server message)',
    output: submit({ ok: true, data: { status: true, message: 'Documents received' } }),
  },
  submittedDefault: {
    label: 'submitted (no message)',
    output: submit({ ok: true, data: { status: true, message: '' } }),
  },
  refused: {
    label: 'refused with a message',
    output: submit({ ok: true, data: { status: false, message: 'The front image is unreadable' } }),
  },
  refusedDefault: {
    label: 'refused without a message',
    output: submit({ ok: true, data: { status: false, message: '' } }),
  },
  rejected: {
    label: 'request refused by the server',
    output: submit({ ok: false, reason: 'rejected', message: 'Your photo must be at most 5 MB.' }),
  },
  unauthorized: {
    label: 'temporary token expired',
    output: submit({ ok: false, reason: 'unauthorized', message: 'The session has expired' }),
  },
  network: { label: 'network failure', output: submit({ ok: false, reason: 'network' }) },
  thrown: { label: 'the call threw', error: new Error('submit_verification threw') },
} as const

export const outcomes: FlowOutcomes = {
  kycDocumentTypes: Object.values(documentTypeOutcomes),
  submitKyc: Object.values(submitOutcomes),
}
