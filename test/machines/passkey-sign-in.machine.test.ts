import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import type { CallRequest } from '#api/contract'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  optionsOutcomes,
  outcomes,
  passkeyAnswerOutcomes,
  signInOutcomes,
} from '#dev/outcomes/passkey-sign-in.outcomes'
import {
  type PasskeySignInAnswer,
  passkeyNotUsed,
  passkeySignInMachine,
} from '#machines/passkey-sign-in.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { outcomeLabel } from './support/outcome-label'

const email = 'dana@meridian.example'

/** The notice of each outcome that ends without an answer for login, by the call it came from. */
const noticeAfter = (event: { type: string }): Record<string, Notice> => ({
  'too many requests (429)': {
    tone: 'error',
    message: 'Too many requests. Please try again in a minute.',
  },
  'the customer cancelled (or no passkey)': { tone: 'warning', message: passkeyNotUsed() },
  ...failureNotices(
    event.type.endsWith('.passkeySignInOptions') ? 'passkeyoptions' : 'userloginpasskey',
    genericFailureMessage,
  ),
})

describeMachinePaths(passkeySignInMachine, {
  input: { email, remember: true },
  events: () => outcomeEvents(outcomes),
  states: {
    requestingOptions: ({ context }, { invocations }) => {
      expect(context).toMatchObject({ email, remember: true, answer: null, notice: null })
      expect(invocations.at(-1)).toEqual({
        src: 'passkeySignInOptions',
        id: 'passkeySignInOptions',
        input: { email },
      })
    },
    askingPasskey: (_snapshot, { invocations }) => {
      expect(invocations.at(-1)).toEqual({
        src: 'passkeyAnswer',
        id: 'passkeyAnswer',
        input: { options: optionsOutcomes.options.output.data.options },
      })
    },
    signingIn: (_snapshot, { invocations }) => {
      expect(invocations.at(-1)).toEqual({
        src: 'signInWithPasskey',
        id: 'signInWithPasskey',
        input: { email, credential: passkeyAnswerOutcomes.answered.output, rememberMe: 'on' },
      })
    },
    answered: (snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ answer: event.output, notice: null })
    },
    failed: (snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({
        answer: null,
        notice: noticeAfter(event)[outcomeLabel(outcomes, event)],
      })
    },
  },
})

describe('passkey sign-in', () => {
  it('gives login the answer of userloginpasskey, without Remember me when unticked', async () => {
    const sent: unknown[] = []
    const actor = createActor(
      passkeySignInMachine.provide({
        actors: {
          passkeySignInOptions: fromPromise<
            CallResult<'passkeySignInOptions'>,
            CallRequest<'passkeySignInOptions'>
          >(async () => optionsOutcomes.options.output),
          passkeyAnswer: fromPromise(async () => passkeyAnswerOutcomes.answered.output),
          signInWithPasskey: fromPromise<PasskeySignInAnswer, CallRequest<'signInWithPasskey'>>(
            async ({ input }) => {
              sent.push(input)
              return signInOutcomes.welcome.output
            },
          ),
        },
      }),
      { input: { email, remember: false } },
    )
    const done = toPromise(actor)
    actor.start()
    expect(await done).toEqual({ answer: signInOutcomes.welcome.output, notice: null })
    expect(sent).toEqual([{ email, credential: '{"id":"cred-1"}', rememberMe: undefined }])
  })
})
