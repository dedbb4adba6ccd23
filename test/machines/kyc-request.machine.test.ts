import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { outcomes } from '#dev/outcomes/kyc-request.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  driversLicense,
  type KycRequestEntry,
  type KycRequestResult,
  kycEntryErrors,
  kycRequestMachine,
  kycRequestMessages,
} from '#machines/kyc-request.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const licence = new File([new Uint8Array([137, 80, 78, 71])], 'licence.png', { type: 'image/png' })
const complete: KycRequestEntry = { type: driversLicense, document: licence }
const withoutFile: KycRequestEntry = { type: driversLicense, document: null }

const effects: string[] = []
const machine = kycRequestMachine.provide({
  actions: {
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>

/** The notice after each answer that does not send. */
const failureNotice: Record<string, string> = {
  'already pending': 'Your verification request is already waiting for review.',
  'document not accepted': 'The document was not accepted: The file must be an image or a PDF.',
  'refused, no message': kycRequestMessages.failed,
  'answer outside the contract': kycRequestMessages.failed,
  'network failure': networkFailureMessage,
}

describeMachinePaths(machine, {
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'SUBMIT', entry: complete },
    { type: 'SUBMIT', entry: withoutFile },
  ],
  states: {
    'form.editing': ({ context }: Snapshot) => {
      effects.length = 0
      expect(context).toEqual({
        entry: null,
        fieldErrors: {},
        answer: null,
        notice: null,
        sentCount: 0,
      })
    },
    'form.invalid': ({ context }: Snapshot, { event, invocations }) => {
      expect(event).toEqual({ type: 'SUBMIT', entry: withoutFile })
      expect(context.fieldErrors).toEqual({ document: kycRequestMessages.noDocument })
      expect(context.notice).toBeNull()
      // Nothing is sent without a file.
      for (const call of invocations)
        expect(call.input).toEqual({ type: driversLicense, document: licence })
    },
    submitting: (snapshot: Snapshot, { event, invocations }) => {
      expect(event).toEqual({ type: 'SUBMIT', entry: complete })
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(invocations.at(-1)).toEqual({
        src: 'requestKycDocument',
        id: 'requestKycDocument',
        input: { type: driversLicense, document: licence },
      })
    },
    'form.sent': ({ context }: Snapshot, { event, previous }) => {
      expect(outcomeLabel(outcomes, event)).toBe('sent')
      expect(context.notice).toEqual({ tone: 'success', message: kycRequestMessages.sent })
      expect(context.entry).toBeNull()
      expect(context.sentCount).toBe((previous?.context.sentCount ?? 0) + 1)
    },
    'form.failed': ({ context }: Snapshot, { event, previous }) => {
      if (event.type === 'xstate.error.actor.requestKycDocument') {
        expect(context.notice).toEqual({ tone: 'error', message: kycRequestMessages.failed })
      } else {
        const message = failureNotice[outcomeLabel(outcomes, event)]
        expect(message).toBeDefined()
        expect(context.notice).toEqual({ tone: 'error', message })
      }
      // The entry stays for another try; nothing counts as sent.
      expect(context.entry).toEqual(complete)
      expect(context.sentCount).toBe(previous?.context.sentCount)
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})

describe('the KYC request', () => {
  it('refuses a document the server would refuse before sending: too large, or of another type', () => {
    const of = (document: File) => kycEntryErrors({ type: driversLicense, document }).document
    expect(
      of(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'l.png', { type: 'image/png' })),
    ).toBe('File too large: at most 5 MB')
    expect(of(new File(['<svg/>'], 'l.svg', { type: 'image/svg+xml' }))).toBe(
      'Wrong file type: PNG, JPEG, GIF, WebP or PDF only',
    )
    expect(of(new File(['%PDF'], 'l.pdf', { type: 'application/pdf' }))).toBeUndefined()
  })

  it('sends once while a request is in flight', async () => {
    const sent: unknown[] = []
    const answer: KycRequestResult = { ok: true, data: { status: true, message: '' } }
    const actor = createActor(
      kycRequestMachine.provide({
        actors: {
          requestKycDocument: fromPromise(async ({ input }) => {
            sent.push(input)
            return answer
          }),
        },
      }),
    ).start()
    actor.send({ type: 'SUBMIT', entry: complete })
    actor.send({ type: 'SUBMIT', entry: complete })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toHaveLength(1)
    expect(actor.getSnapshot().matches({ form: 'sent' })).toBe(true)
    // No message from the server: the flow's own words.
    expect(actor.getSnapshot().context.notice?.message).toBe(kycRequestMessages.sent)
    actor.stop()
  })
})
