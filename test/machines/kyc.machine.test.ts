import { describe, expect, it } from 'vitest'
import {
  type AnyEventObject,
  createActor,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
  waitFor,
} from 'xstate'
import { genericFailureMessage, networkFailureMessage } from '#api/call-failure'
import { documentTypeOutcomes, outcomes, submitOutcomes } from '#dev/outcomes/kyc.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  type DocsResult,
  driversLicense,
  fieldRuleMessages,
  type KycForm,
  kycFormErrors,
  kycMachine,
  kycRequest,
  missingFields,
  phoneRuleMessage,
  submittedFallbackMessage,
} from '#machines/kyc.machine'
import {
  describeMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
  type StepContext,
} from '../harness/generated-paths'

type Snapshot = SnapshotFrom<typeof kycMachine>
type Step = StepContext<Snapshot>

const picture = new File(['me'], 'me.jpg', { type: 'image/jpeg' })
const front = new File(['front'], 'front.png', { type: 'image/png' })
const back = new File(['back'], 'back.png', { type: 'image/png' })

const completeForm: KycForm = {
  country: 'Portugal',
  phone: '+351 912 345 678',
  homeAddress: 'Rua Augusta 1, Lisboa',
  dateOfBirth: '7/3/1990',
  type: 'International Passport',
  documentNumber: 'cb 123 456',
  documentCountry: 'PT',
  // Far enough ahead for the path tests, which run on the real day.
  documentExpiry: '31/12/2099',
  pic: picture,
  idcardFront: front,
  idcardBack: back,
}
const incompleteForm: KycForm = { ...completeForm, phone: '  ', pic: null, idcardBack: null }

const effects: string[] = []
const recordedMachine = kycMachine.provide({
  actions: {
    forgetKycToken: () => effects.push('forgetKycToken'),
    goToKycUnderReview: () => effects.push('goToKycUnderReview'),
    goToLogin: () => effects.push('goToLogin'),
  },
})

const pathOptions = {
  events: (): AnyEventObject[] => [
    { type: 'SUBMIT', form: completeForm },
    { type: 'SUBMIT', form: incompleteForm },
    ...outcomeEvents(outcomes),
  ],
}

const submitDone = 'xstate.done.actor.submitKyc'
const allTypes = [driversLicense, 'International Passport', 'National ID Card']

/** The alert each way into `editing` must leave. */
function expectedEditingAlert({ event }: Step) {
  const error = (message: string) => ({ tone: 'error', message })
  if (event.type === 'xstate.error.actor.submitKyc') return error(genericFailureMessage)
  if (event.type !== submitDone) return null
  const byOutput = new Map<unknown, ReturnType<typeof error>>([
    [submitOutcomes.refused.output, error('The front image is unreadable')],
    [submitOutcomes.refusedDefault.output, error(genericFailureMessage)],
    [submitOutcomes.rejected.output, error('Your photo must be at most 5 MB.')],
    [submitOutcomes.network.output, error(networkFailureMessage)],
  ])
  const expected = byOutput.get(event.output)
  if (!expected) throw new Error('this outcome must not lead back to the form')
  return expected
}

describeMachinePaths(recordedMachine, {
  ...pathOptions,
  states: {
    loadingDocumentTypes: (snapshot, { event, invocations }) => {
      expect(event.type).toBe('xstate.init')
      effects.length = 0
      expect(snapshot.context).toEqual({
        documentTypes: [driversLicense],
        fieldErrors: {},
        answer: null,
        alert: null,
      })
      expect(snapshot.hasTag('form') && snapshot.hasTag('loading')).toBe(true)
      expect(invocations).toEqual([
        { src: 'kycDocumentTypes', id: 'kycDocumentTypes', input: undefined },
      ])
    },
    editing: (snapshot, step) => {
      const { event, previous } = step
      expect(snapshot.hasTag('form')).toBe(true)
      expect(snapshot.hasTag('busy') || snapshot.hasTag('loading')).toBe(false)
      expect(snapshot.context.documentTypes[0]).toBe(driversLicense)
      expect(effects).toEqual([])
      if (event.type === 'xstate.done.actor.kycDocumentTypes') {
        expect(snapshot.context.documentTypes).toEqual(
          event.output === documentTypeOutcomes.names.output ? allTypes : [driversLicense],
        )
      } else if (event.type === 'xstate.error.actor.kycDocumentTypes') {
        expect(snapshot.context.documentTypes).toEqual([driversLicense])
      } else if (event.type === 'SUBMIT') {
        expect(event.form).toBe(incompleteForm)
        expect(snapshot.context.fieldErrors).toEqual({
          phone: 'Enter your phone number',
          pic: 'Add a photo of yourself',
          idcardBack: 'Add the back of your document',
        })
        expect(snapshot.context.alert).toBeNull()
      } else {
        expect(snapshot.context.alert).toEqual(expectedEditingAlert(step))
        expect(snapshot.context.documentTypes).toEqual(previous?.context.documentTypes)
      }
    },
    submitting: (snapshot, { event, invocations }) => {
      expect(event).toEqual({ type: 'SUBMIT', form: completeForm })
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context).toMatchObject({ fieldErrors: {}, alert: null })
      // The dates as the contract carries them; the number is the server's to normalise.
      expect(invocations.at(-1)).toEqual({
        src: 'submitKyc',
        id: 'submitKyc',
        input: {
          ...completeForm,
          dateOfBirth: '1990-03-07',
          documentExpiry: '2099-12-31',
        },
      })
      expect(effects).toEqual([])
    },
    submitted: (snapshot, { event }) => {
      expect(event.type).toBe(submitDone)
      expect(snapshot.hasTag('redirecting')).toBe(true)
      expect(snapshot.context.alert).toEqual({
        tone: 'success',
        message:
          event.output === submitOutcomes.submitted.output
            ? 'Documents received'
            : submittedFallbackMessage(),
      })
      expect(effects).toEqual(['forgetKycToken'])
    },
    leftForKycUnderReview: (snapshot, { event }) => {
      expect(event.type).toMatch(/^(CONTINUE|xstate\.after\.redirectDelay\.kycSubmitted)$/)
      expect(snapshot.status).toBe('done')
      expect(effects).toEqual(['forgetKycToken', 'goToKycUnderReview'])
    },
    leftForLogin: (snapshot, { event }) => {
      expect(event.output).toBe(submitOutcomes.unauthorized.output)
      expect(snapshot.status).toBe('done')
      expect(effects).toEqual(['forgetKycToken', 'goToLogin'])
    },
  },
})

describe('KYC form', () => {
  it('names every missing field, and none of a complete form', () => {
    expect(missingFields(completeForm)).toEqual({})
    expect(
      missingFields({
        country: '',
        phone: '',
        homeAddress: ' ',
        dateOfBirth: '',
        type: '',
        documentNumber: ' ',
        documentCountry: '',
        documentExpiry: '',
        pic: null,
        idcardFront: null,
        idcardBack: null,
      }),
    ).toEqual({
      country: 'Choose your country',
      phone: 'Enter your phone number',
      homeAddress: 'Enter your home address',
      dateOfBirth: 'Enter your date of birth',
      pic: 'Add a photo of yourself',
      type: 'Choose a document type',
      documentNumber: 'Enter the document number',
      documentCountry: 'Choose the country that issued the document',
      documentExpiry: "Enter the document's expiry date",
      idcardFront: 'Add the front of your document',
      idcardBack: 'Add the back of your document',
    })
  })

  it("holds the date of birth to an adult's and the document to its rules, on the given day", () => {
    const today = '2026-11-21'
    const errorsOf = (change: Partial<KycForm>) =>
      kycFormErrors({ ...completeForm, ...change }, today)
    expect(errorsOf({})).toEqual({})
    // The date of birth: typed dd/mm/yyyy, a real day, in the past, 18 or more, from 1900.
    expect(errorsOf({ dateOfBirth: '1990-03-07' })).toEqual({
      dateOfBirth: 'Enter the date as dd/mm/yyyy',
    })
    expect(errorsOf({ dateOfBirth: '31/02/1990' })).toEqual({
      dateOfBirth: 'Enter the date as dd/mm/yyyy',
    })
    expect(errorsOf({ dateOfBirth: '22/11/2026' })).toEqual({
      dateOfBirth: 'Your date of birth must be in the past',
    })
    expect(errorsOf({ dateOfBirth: '22/11/2008' })).toEqual({
      dateOfBirth: 'You must be at least 18 years old',
    })
    expect(errorsOf({ dateOfBirth: '21/11/2008' })).toEqual({})
    expect(errorsOf({ dateOfBirth: '31/12/1899' })).toEqual({
      dateOfBirth: 'Enter a date of birth in 1900 or later',
    })
    // The number: 5 to 20 letters or digits once spaces and dashes are dropped.
    for (const documentNumber of ['AB12', 'AB-12/345', 'ÁB12345', 'A'.repeat(21)])
      expect(errorsOf({ documentNumber })).toEqual({
        documentNumber: 'Enter 5 to 20 letters or digits, as printed on the document',
      })
    expect(errorsOf({ documentNumber: 'x1234567-l' })).toEqual({})
    // The issuing country: a code of the list.
    for (const documentCountry of ['Portugal', 'EU', 'XX'])
      expect(errorsOf({ documentCountry })).toEqual({
        documentCountry: 'Choose the issuing country from the list',
      })
    // The expiry: a real day, valid through that day.
    expect(errorsOf({ documentExpiry: '31/11/2030' })).toEqual({
      documentExpiry: 'Enter the date as dd/mm/yyyy',
    })
    expect(errorsOf({ documentExpiry: '20/11/2026' })).toEqual({
      documentExpiry: fieldRuleMessages.expired,
    })
    expect(fieldRuleMessages.expired).toBe('This document has expired: use one that is still valid')
    expect(errorsOf({ documentExpiry: '21/11/2026' })).toEqual({})
  })

  it('sends the dates as YYYY-MM-DD and leaves out a missing file', () => {
    expect(
      kycRequest({
        ...completeForm,
        dateOfBirth: '07/03/1990',
        documentExpiry: '1/1/2030',
        pic: null,
      }),
    ).toEqual({
      country: 'Portugal',
      phone: '+351 912 345 678',
      homeAddress: 'Rua Augusta 1, Lisboa',
      dateOfBirth: '1990-03-07',
      type: 'International Passport',
      documentNumber: 'cb 123 456',
      documentCountry: 'PT',
      documentExpiry: '2030-01-01',
      pic: undefined,
      idcardFront: front,
      idcardBack: back,
    })
  })

  it('holds the phone number to the rule of the profile: international form', () => {
    expect(phoneRuleMessage()).toBe(
      'Phone number must be in international form: + and the country code, e.g. +15550100200',
    )
    expect(kycFormErrors(completeForm)).toEqual({})
    expect(kycFormErrors({ ...completeForm, phone: '+1 (555) 010-0200' })).toEqual({})
    for (const phone of ['912 345 678', '00351912345678', '+0 123 4567', '+1 23', 'call me'])
      expect(kycFormErrors({ ...completeForm, phone })).toEqual({ phone: phoneRuleMessage() })
    expect(kycFormErrors({ ...completeForm, phone: ' ' })).toEqual({
      phone: 'Enter your phone number',
    })
  })

  it('refuses a file the server would refuse before sending: too large, or of another type', () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'front.jpg', { type: 'image/jpeg' })
    const pdf = new File(['%PDF'], 'photo.pdf', { type: 'application/pdf' })
    const heic = new File(['x'], 'back.heic', { type: 'image/heic' })
    expect(
      kycFormErrors({ ...completeForm, idcardFront: big, pic: pdf, idcardBack: heic }),
    ).toEqual({
      idcardFront: 'File too large: at most 5 MB',
      // The photo is a picture; the document's sides may be a PDF too.
      pic: 'Wrong file type: PNG, JPEG, GIF or WebP only',
      idcardBack: 'Wrong file type: PNG, JPEG, GIF, WebP or PDF only',
    })
    expect(kycFormErrors({ ...completeForm, idcardBack: pdf })).toEqual({})
  })

  it("does not repeat Driver's License or empty names from getdocs", async () => {
    const machine = kycMachine.provide({
      actors: {
        kycDocumentTypes: fromPromise<DocsResult>(async () => ({
          ok: true,
          data: { docs: [{ name: driversLicense }, { name: ' ' }, { name: 'Visa' }] },
        })),
      },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.documentTypes).toEqual([driversLicense, 'Visa'])
  })

  it('goes to under-review 5 s after a successful submission', async () => {
    const clock = new SimulatedClock()
    const log: string[] = []
    const machine = kycMachine.provide({
      actors: {
        kycDocumentTypes: fromPromise(async () => documentTypeOutcomes.names.output),
        submitKyc: fromPromise(async () => submitOutcomes.submitted.output),
      },
      actions: {
        forgetKycToken: () => log.push('forget tempbaUid'),
        goToKycUnderReview: () => log.push('under-review'),
      },
    })
    const actor = createActor(machine, { clock }).start()
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'SUBMIT', form: completeForm })
    await waitFor(actor, (s) => s.matches('submitted'))
    expect(log).toEqual(['forget tempbaUid'])
    clock.increment(4999)
    expect(log).toEqual(['forget tempbaUid'])
    clock.increment(1)
    expect(log).toEqual(['forget tempbaUid', 'under-review'])
  })

  it('covers every state and transition with the generated paths', async () => {
    const coverage = await measureMachineCoverage(recordedMachine, pathOptions)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(isFullCoverage(coverage)).toBe(true)
  })
})
