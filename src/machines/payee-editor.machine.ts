import { assertEvent, assign, setup } from 'xstate'
import { failureNotice, genericFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { errorNotice, type Notice, successNotice } from '#api/notice'
import { appCall, appEffect, appEffects } from './app-provided'
import {
  type BookPayee,
  emptyPayeeEntry,
  type PayeeEntry,
  type PayeeEntryErrors,
  payeeEntryErrors,
} from './payee-entry'
import { isSessionEnded, leaveEndedSession } from './session-ended'

/**
 * The payee book's changes (issue 20, docs/decisions/085): "Add a payee" and Edit open the
 * editor (nickname and account details; the fields are checked as the transfer form checks
 * them, and nothing is sent while one is wrong), Save sends `payeeadd` or `payeeedit`; Remove
 * asks in a dialog first, then sends `payeeremove`. A change made says so in the server's words
 * (changed account details: the next transfer counts as one to a new payee) and the book is
 * read again; a refusal (the account already in the book, the book full) stays on the form.
 */

export type PayeeChangeAnswer = CallResult<'addPayee' | 'editPayee' | 'removePayee'>

export interface PayeeEditorContext {
  /** The payee being changed or removed; null while adding one, or with nothing open. */
  payee: BookPayee | null
  entry: PayeeEntry | null
  fieldErrors: PayeeEntryErrors
  answer: PayeeChangeAnswer | null
  notice: Notice | null
}

export type PayeeEditorEvent =
  | { type: 'ADD' }
  | { type: 'EDIT'; payee: BookPayee }
  | { type: 'REMOVE'; payee: BookPayee }
  | { type: 'SUBMIT'; entry: PayeeEntry }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

const isComplete = (entry: PayeeEntry) => Object.keys(payeeEntryErrors(entry)).length === 0

const isAccepted = (answer: PayeeChangeAnswer | null) => answer?.ok === true && answer.data.status

/** What a refused or failed change says: the server's words, else the fallback. */
const refusalOf = (answer: PayeeChangeAnswer | null): Notice =>
  !answer
    ? errorNotice(genericFailureMessage)
    : answer.ok
      ? errorNotice(answer.data.message || genericFailureMessage)
      : failureNotice(answer)

export const payeeEditorMachine = setup({
  types: {
    context: {} as PayeeEditorContext,
    events: {} as PayeeEditorEvent,
    tags: {} as 'form' | 'dialog' | 'busy',
  },
  actors: {
    addPayee: appCall('addPayee'),
    editPayee: appCall('editPayee'),
    removePayee: appCall('removePayee'),
  },
  guards: {
    isCompleteNewPayee: ({ context, event }) => {
      assertEvent(event, 'SUBMIT')
      return context.payee === null && isComplete(event.entry)
    },
    isCompleteEntry: ({ event }) => {
      assertEvent(event, 'SUBMIT')
      return isComplete(event.entry)
    },
    isChanged: ({ context }) => isAccepted(context.answer),
    /** The server answered and said no (the payee is gone already): nothing to try again. */
    isRefused: ({ context }) => context.answer?.ok === true && !context.answer.data.status,
    isSessionEnded,
  },
  actions: {
    openNew: assign({ payee: null, entry: null, fieldErrors: {}, answer: null, notice: null }),
    openPayee: assign(({ event }) => {
      assertEvent(event, ['EDIT', 'REMOVE'])
      return { payee: event.payee, entry: null, fieldErrors: {}, answer: null, notice: null }
    }),
    close: assign({ payee: null, entry: null, fieldErrors: {}, answer: null, notice: null }),
    keepEntry: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { entry: event.entry, fieldErrors: {}, answer: null, notice: null }
    }),
    showFieldErrors: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { entry: event.entry, fieldErrors: payeeEntryErrors(event.entry), notice: null }
    }),
    keepAnswer: assign((_, answer: PayeeChangeAnswer) => ({ answer })),
    showChanged: assign(({ context }) => ({
      payee: null,
      entry: null,
      notice: successNotice(context.answer?.ok ? context.answer.data.message : ''),
    })),
    showRefusalClosed: assign(({ context }) => ({
      payee: null,
      entry: null,
      notice: refusalOf(context.answer),
    })),
    showRefusal: assign(({ context }) => ({ notice: refusalOf(context.answer) })),
    showFault: assign({ notice: errorNotice(genericFailureMessage) }),
    /** The book is read again: the change shows in the list. */
    refreshBook: appEffect(),
    leaveEndedSession,
    ...appEffects,
  },
}).createMachine({
  id: 'payeeEditor',
  description:
    'The payee book: adding a payee (addPayee), changing its nickname and account details (editPayee), removing it after a dialog (removePayee).',
  context: { payee: null, entry: null, fieldErrors: {}, answer: null, notice: null },
  initial: 'idle',
  states: {
    idle: {
      id: 'payeeEditorIdle',
      meta: {
        description:
          'The book: the search, "Add a payee", each payee with Edit and Remove; what the last change did above it.',
      },
      on: {
        ADD: { target: 'form', actions: 'openNew' },
        EDIT: { target: 'form', actions: 'openPayee' },
        REMOVE: { target: 'confirmingRemoval', actions: 'openPayee' },
      },
    },
    form: {
      id: 'payeeEditorForm',
      tags: ['form'],
      initial: 'entering',
      meta: {
        description:
          'The editor: nickname (optional), account holder name, bank, SWIFT code, account number, routing number and country; Save and Cancel.',
      },
      on: {
        SUBMIT: [
          { guard: 'isCompleteNewPayee', target: 'adding', actions: 'keepEntry' },
          { guard: 'isCompleteEntry', target: 'changing', actions: 'keepEntry' },
          { target: '.invalid', actions: 'showFieldErrors' },
        ],
        CANCEL: { target: 'idle', actions: 'close' },
      },
      states: {
        entering: {
          id: 'payeeEditorEntering',
          meta: { description: 'Empty for a new payee, else the payee as the book has it.' },
        },
        invalid: {
          id: 'payeeEditorInvalid',
          meta: {
            description:
              "A message under each field the transfer form's rules refuse (or a nickname over 40 characters); nothing sent.",
          },
        },
        failed: {
          id: 'payeeEditorFailed',
          meta: {
            description:
              "The server's words (this account is in the book already, as …; the book is full; the payee is gone), else the fallback; the entry stays.",
          },
        },
      },
    },
    adding: {
      id: 'payeeEditorAdding',
      tags: ['form', 'busy'],
      meta: { description: 'addPayee is in flight; Save is busy.' },
      invoke: {
        id: 'addPayee',
        src: 'addPayee',
        input: ({ context }) => context.entry ?? emptyPayeeEntry,
        onDone: {
          target: 'changeAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#payeeEditorFailed', actions: 'showFault' },
      },
    },
    changing: {
      id: 'payeeEditorChanging',
      tags: ['form', 'busy'],
      meta: { description: 'editPayee is in flight; Save is busy.' },
      invoke: {
        id: 'editPayee',
        src: 'editPayee',
        input: ({ context }) => ({
          payee: String(context.payee?.id ?? ''),
          ...(context.entry ?? emptyPayeeEntry),
        }),
        onDone: {
          target: 'changeAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#payeeEditorFailed', actions: 'showFault' },
      },
    },
    changeAnswered: {
      id: 'payeeEditorChangeAnswered',
      meta: { description: 'Decides on the answer of addPayee or editPayee at once.' },
      always: [
        { guard: 'isChanged', target: 'idle', actions: ['showChanged', 'refreshBook'] },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { target: '#payeeEditorFailed', actions: 'showRefusal' },
      ],
    },
    confirmingRemoval: {
      id: 'payeeEditorConfirmingRemoval',
      tags: ['dialog'],
      initial: 'asking',
      meta: {
        description:
          'A dialog: remove this payee? Past transfers and receipts do not change. Remove and Cancel.',
      },
      on: {
        CONFIRM: 'removing',
        CANCEL: { target: 'idle', actions: 'close' },
      },
      states: {
        asking: {
          id: 'payeeEditorAsking',
          meta: { description: 'The payee named, Remove and Cancel.' },
        },
        failed: {
          id: 'payeeEditorRemovalFailed',
          meta: {
            description: 'No answer, or one outside the contract: the dialog says so; try again.',
          },
        },
      },
    },
    removing: {
      id: 'payeeEditorRemoving',
      tags: ['dialog', 'busy'],
      meta: { description: 'removePayee is in flight; Remove is busy.' },
      invoke: {
        id: 'removePayee',
        src: 'removePayee',
        input: ({ context }) => ({ payee: String(context.payee?.id ?? '') }),
        onDone: {
          target: 'removalAnswered',
          actions: { type: 'keepAnswer', params: ({ event }) => event.output },
        },
        onError: { target: '#payeeEditorRemovalFailed', actions: 'showFault' },
      },
    },
    removalAnswered: {
      id: 'payeeEditorRemovalAnswered',
      meta: { description: 'Decides on the answer of removePayee at once.' },
      always: [
        { guard: 'isChanged', target: 'idle', actions: ['showChanged', 'refreshBook'] },
        { guard: 'isSessionEnded', target: 'leftForLogin' },
        { guard: 'isRefused', target: 'idle', actions: ['showRefusalClosed', 'refreshBook'] },
        { target: '#payeeEditorRemovalFailed', actions: 'showRefusal' },
      ],
    },
    leftForLogin: {
      id: 'payeeEditorLeftForLogin',
      type: 'final',
      meta: { description: 'The session has ended (401): baUid is removed; left for login.' },
      entry: 'leaveEndedSession',
    },
  },
})
