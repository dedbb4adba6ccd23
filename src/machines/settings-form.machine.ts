import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { failureNotice } from '#api/call-failure'
import type { CallResult, FieldValue } from '#api/client'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { type SecretCheck, secretRefusalMessage } from '#api/secret-check'
import { appEffect, appEffects } from './app-provided'
import { isSessionEnded, leaveEndedSession } from './session-ended'
import {
  type SettingsCall,
  type SettingsEntry,
  type SettingsFieldErrors,
  type SettingsFormName,
  settingsForms,
  settingsMessages,
} from './settings-forms'

/**
 * One form of Settings or Profile (spec sections 2, 5 and 8): the passcode (`updatepwd`), the
 * PIN (`supdatepin`), Reset PIN by e-mail (`userforgotpin`, action=code), the profile form
 * (`updateprofile`), the picture (`updatepic`), and in Settings' devices "Sign out" of one
 * (`devicesignout`) and "Sign out everywhere else" (`devicesignoutothers`, decision 080). One
 * statechart serves them all; which form
 * is its input (`settingsForms` holds each one's call, rules and words).
 *
 * - SUBMIT carries what the customer entered; an entry the form's rules refuse goes to
 *   `invalid` with a message per field, and nothing is sent.
 * - Saved: 'Action Successful!' with the server's words (Reset PIN: the spec's own message),
 *   and the screen reads the profile again. Failed: the server's words, else the spec's
 *   fallback; a wrong current passcode or PIN says how many tries are left, a block until when
 *   in the customer's time (docs/decisions/039). An ended session (401) leaves for login.
 */

/** Every form's call answers `{ status, message }` but Reset PIN, which answers `{ icon, message }`. */
export type SettingsResult = CallResult<SettingsCall>

export interface SaveSettingsInput {
  call: SettingsCall
  fields: Record<string, FieldValue>
}

export interface SettingsFormContext {
  form: SettingsFormName
  entry: SettingsEntry | null
  fieldErrors: SettingsFieldErrors
  answer: SettingsResult | null
  notice: Notice | null
  /** Forms saved in this visit: a form that clears when saved starts empty after each. */
  savedCount: number
}

export type SettingsFormEvent = { type: 'SUBMIT'; entry: SettingsEntry }

/** Without input (the flow explorer, the flow docs) the machine is the passcode form. */
export type SettingsFormInput = { form: SettingsFormName } | undefined

const isAccepted = (data: { status: boolean } | { icon: 'success' | 'error' }) =>
  'status' in data ? data.status : data.icon === 'success'

/** What a saved form says: the spec's words, then the server's where it has its own. */
export function savedNotice(form: SettingsFormName, answer: SettingsResult | null): Notice {
  const { savedMessage } = settingsForms[form]
  const said = answer?.ok ? answer.data.message.trim() : ''
  const words = settingsMessages[savedMessage]
  if (savedMessage !== 'saved' || said === '') return successNotice(words)
  return successNotice(`${words} ${said}`)
}

/** What a failed form says: the server's words (tries left, block end), else the fallback. */
export function failedNotice(
  form: SettingsFormName,
  answer: SettingsResult | null,
  now = new Date(),
): Notice {
  const fallback = settingsMessages[settingsForms[form].failedMessage]
  if (answer === null) return errorNotice(fallback)
  if (!answer.ok) return failureNotice(answer, fallback)
  const message = answer.data.message.trim() || fallback
  const check: SecretCheck =
    'attemptsLeft' in answer.data || 'blockedUntil' in answer.data ? answer.data : {}
  return errorNotice(secretRefusalMessage(message, check, now))
}

export const settingsFormMachine = setup({
  types: {
    context: {} as SettingsFormContext,
    events: {} as SettingsFormEvent,
    input: {} as SettingsFormInput,
    tags: {} as 'busy',
  },
  actors: {
    // One actor for the five calls; the screen provides it with `call(input.call, input.fields)`.
    saveSettings: fromPromise<SettingsResult, SaveSettingsInput>(async ({ input }) => {
      throw new Error(`${input.call} is provided by the app`)
    }),
  },
  guards: {
    isCompleteEntry: ({ context, event }) =>
      Object.keys(settingsForms[context.form].errors(event.entry)).length === 0,
    isSaved: ({ context }) => context.answer?.ok === true && isAccepted(context.answer.data),
    isSessionEnded,
  },
  actions: {
    keepEntry: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { entry: event.entry, fieldErrors: {}, answer: null, notice: null }
    }),
    showFieldErrors: assign(({ context, event }) => {
      assertEvent(event, 'SUBMIT')
      return { fieldErrors: settingsForms[context.form].errors(event.entry), notice: null }
    }),
    keepAnswer: assign((_, answer: SettingsResult) => ({ answer })),
    showSaved: assign(({ context }) => ({
      notice: savedNotice(context.form, context.answer),
      entry: null,
      savedCount: context.savedCount + 1,
    })),
    showFailed: assign(({ context }) => ({ notice: failedNotice(context.form, context.answer) })),
    refreshProfile: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'settingsForm',
  description:
    'A Settings or Profile form: passcode, PIN, Reset PIN, profile, picture, or signing out a device or every other one (changePasscode, changeTransferPin, resetPin, updateProfile, updatePicture, signOutDevice, signOutOtherDevices).',
  context: ({ input }) => ({
    form: input?.form ?? 'passcode',
    entry: null,
    fieldErrors: {},
    answer: null,
    notice: null,
    savedCount: 0,
  }),
  initial: 'form',
  states: {
    form: {
      id: 'settingsFormForm',
      initial: 'editing',
      meta: { description: "The form, with Save enabled by the spec's rule." },
      on: {
        SUBMIT: [
          { guard: 'isCompleteEntry', target: 'submitting', actions: 'keepEntry' },
          { target: '.invalid', actions: 'showFieldErrors' },
        ],
      },
      states: {
        editing: {
          id: 'settingsFormEditing',
          meta: { description: 'The fields as the customer types them; nothing checked yet.' },
        },
        invalid: {
          id: 'settingsFormInvalid',
          meta: {
            description:
              "A message under each field the rules refuse ('Password Mismatch', 6 or 4 digits, an adult's date of birth, a picture's type and size); nothing sent.",
          },
        },
        saved: {
          id: 'settingsFormSaved',
          meta: {
            description:
              "'Action Successful!' with the server's words (Reset PIN: the e-mailed link); the profile is read again.",
          },
          entry: 'refreshProfile',
        },
        failed: {
          id: 'settingsFormFailed',
          meta: {
            description:
              "The server's words (tries left; a block until when, in the customer's time), else 'An error has Occured.' ('Something went wrong.' for Reset PIN); the entry stays.",
          },
        },
      },
    },
    submitting: {
      id: 'settingsFormSubmitting',
      tags: ['busy'],
      meta: { description: "The form's call is in flight; Save is busy and a second click waits." },
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          call: settingsForms[context.form].call,
          fields: context.entry ? settingsForms[context.form].request(context.entry) : {},
        }),
        onDone: {
          target: 'answered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#settingsFormFailed', actions: 'showFailed' },
      },
    },
    answered: {
      id: 'settingsFormAnswered',
      meta: { description: "Decides on the answer of the form's call at once." },
      always: [
        { guard: 'isSaved', target: '#settingsFormSaved', actions: 'showSaved' },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: '#settingsFormFailed', actions: 'showFailed' },
      ],
    },
    leftForLogin: {
      id: 'settingsFormLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
