import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { blockEndText, blockedMessage, secretRefusalMessage } from '#api/secret-check'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/settings-form.outcomes'
import { failedNotice, savedNotice, settingsFormMachine } from '#machines/settings-form.machine'
import {
  canSave,
  type SettingsEntry,
  type SettingsFormName,
  settingsForms,
  settingsMessages,
  showsMismatch,
} from '#machines/settings-forms'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' })
const profile = {
  fullname: 'Dana Morgan',
  phone: '+1 (555) 010-0200',
  gender: 'Female',
  // As typed: day/month/year (decision 065); sent as 1990-04-12.
  dateOfBirth: '12/04/1990',
  country: 'Canada',
  maritalStatus: 'Single',
  homeAddress: '12 Harbour Road',
  nextOfKin: 'Sam Morgan',
}

/** Per form: an entry its rules accept, one they refuse, and the messages of the refused one. */
const cases: Record<
  SettingsFormName,
  { valid: SettingsEntry; invalid: SettingsEntry | null; errors: Record<string, string> }
> = {
  passcode: {
    valid: { current: '123456', next: '654321', confirmation: '654321' },
    invalid: { current: '12', next: '654321', confirmation: '654320' },
    errors: { current: 'Passcode must be 6 digits', confirmation: 'Password Mismatch' },
  },
  pin: {
    valid: { current: '1234', next: '4321', confirmation: '4321' },
    invalid: { current: '1234', next: '43a1', confirmation: '43a1' },
    errors: { next: 'PIN must be 4 digits', confirmation: 'PIN must be 4 digits' },
  },
  resetPin: { valid: {}, invalid: null, errors: {} },
  profile: {
    valid: profile,
    invalid: { ...profile, dateOfBirth: '01/01/2020', phone: '0555 0100', fullname: ' ' },
    errors: {
      dateOfBirth: 'You must be at least 18 years old',
      phone: 'Phone must be in international form: + and the country code, e.g. +15550100200',
      fullname: 'Enter your full name',
    },
  },
  picture: {
    // `chosen` only tells the two apart in the generated paths' names (a File prints as {}).
    valid: { chosen: 'me.png', profilePic: png },
    invalid: {
      chosen: 'notes.txt',
      profilePic: new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    },
    errors: { profilePic: 'Wrong file type: PNG, JPEG, GIF or WebP only' },
  },
  signOutDevice: {
    valid: { device: '12' },
    invalid: { device: '' },
    errors: { device: 'Choose a device to sign out' },
  },
  signOutOthers: { valid: {}, invalid: null, errors: {} },
  renamePasskey: {
    valid: { passkey: '7', name: ' Work laptop ', passcode: '123456' },
    invalid: { passkey: '7', name: ' ', passcode: '12' },
    errors: {
      name: 'Give your passkey a name, such as the device it is on',
      passcode: 'Passcode must be 6 digits',
    },
  },
  removePasskey: {
    valid: { passkey: '7', passcode: '123456' },
    invalid: { passkey: '7', passcode: '' },
    errors: { passcode: 'Passcode must be 6 digits' },
  },
}

/** The notice after each answer that saves nothing, by outcome. */
function expectedFailure(form: SettingsFormName, label: string): string {
  const fallback = settingsMessages[settingsForms[form].failedMessage]
  const byLabel: Record<string, string> = {
    'wrong current secret, tries left':
      'The current passcode is wrong. 3 attempts left before a 15-minute block.',
    blocked: blockedMessage('2026-11-22T10:15:00.000Z'),
    'refused: Password Mismatch': 'Password Mismatch',
    'refused, no message': fallback,
    'reset refused': fallback,
    'rejected field (400)': 'Your date of birth must be in the past, at least 18 years ago.',
    'answer outside the contract': fallback,
    'network failure': networkFailureMessage,
    'client fault': fallback,
  }
  return byLabel[label] ?? `no expectation for ${label}`
}

for (const [form, example] of Object.entries(cases) as [
  SettingsFormName,
  (typeof cases)[SettingsFormName],
][]) {
  const effects: string[] = []
  const machine = settingsFormMachine.provide({
    actions: {
      refreshProfile: () => effects.push('refresh'),
      ...recordSessionEnd(effects),
    },
  })
  type Snapshot = SnapshotFrom<typeof machine>

  describe(`the ${form} form (${settingsForms[form].call})`, () => {
    describeMachinePaths(machine, {
      input: { form },
      // Reset PIN has no fields, so it is never invalid; the other forms reach that state.
      coverageGate: example.invalid !== null,
      events: () => [
        { type: 'SUBMIT', entry: example.valid },
        ...(example.invalid ? [{ type: 'SUBMIT', entry: example.invalid } as const] : []),
        ...outcomeEvents(outcomes),
      ],
      states: {
        'form.editing': ({ context }: Snapshot) => {
          effects.length = 0
          expect(context).toEqual({
            form,
            entry: null,
            fieldErrors: {},
            answer: null,
            notice: null,
            savedCount: 0,
          })
        },
        'form.invalid': ({ context }: Snapshot) => {
          expect(context.fieldErrors).toEqual(example.errors)
          expect(context.notice).toBeNull()
        },
        submitting: ({ context }: Snapshot, { event, invocations }) => {
          expect(event.type).toBe('SUBMIT')
          expect(context.entry).toBe(example.valid)
          expect(invocations.at(-1)).toEqual({
            src: 'saveSettings',
            id: 'saveSettings',
            input: {
              call: settingsForms[form].call,
              fields: settingsForms[form].request(example.valid),
            },
          })
        },
        'form.saved': ({ context }: Snapshot, { event, previous }) => {
          expect(['saved', 'reset link sent']).toContain(outcomeLabel(outcomes, event))
          expect(context.notice).toEqual(savedNotice(form, context.answer))
          expect(context.notice?.tone).toBe('success')
          if (form === 'resetPin')
            expect(context.notice?.message).toBe(settingsMessages.resetPinSent)
          else expect(context.notice?.message).toMatch(/^Action Successful! /)
          expect(context.savedCount).toBe((previous?.context.savedCount ?? 0) + 1)
          expect(effects.at(-1)).toBe('refresh')
        },
        'form.failed': ({ context }: Snapshot, { event }) => {
          expect(context.notice).toEqual({
            tone: 'error',
            message: expectedFailure(form, outcomeLabel(outcomes, event)),
          })
        },
        leftForLogin: leftForLogin(outcomes, effects),
      },
    })
  })
}

describe('the spec rules of Save and the messages', () => {
  it('enables the passcode Save only when all are filled and new equals confirmation, over 4 long', () => {
    expect(canSave('passcode', { current: '123456', next: '654321', confirmation: '654321' })).toBe(
      true,
    )
    expect(canSave('passcode', { current: '', next: '654321', confirmation: '654321' })).toBe(false)
    expect(canSave('passcode', { current: '123456', next: '654321', confirmation: '654320' })).toBe(
      false,
    )
    expect(canSave('passcode', { current: '123456', next: '6543', confirmation: '6543' })).toBe(
      false,
    )
  })

  it('enables the PIN Save when new equals confirmation and is 4 long', () => {
    expect(canSave('pin', { current: '', next: '4321', confirmation: '4321' })).toBe(true)
    expect(canSave('pin', { current: '1234', next: '432', confirmation: '432' })).toBe(false)
    expect(canSave('pin', { current: '1234', next: '4321', confirmation: '4320' })).toBe(false)
  })

  it('says Password Mismatch once the confirmation is as long as the new one and differs', () => {
    expect(showsMismatch({ next: '654321', confirmation: '654' })).toBe(false)
    expect(showsMismatch({ next: '654321', confirmation: '654320' })).toBe(true)
    expect(showsMismatch({ next: '654321', confirmation: '654321' })).toBe(false)
  })

  it('refuses a date of birth in the future, under 18 or before 1900, and takes an 18th birthday', () => {
    const errors = (dateOfBirth: string) =>
      settingsForms.profile.errors({ ...profile, dateOfBirth }).dateOfBirth
    const today = new Date().toISOString().slice(0, 10)
    const year = Number(today.slice(0, 4))
    const [month, day] = [today.slice(5, 7), today.slice(8, 10)]
    expect(errors(`01/01/${year + 1}`)).toBe(settingsMessages.dobFuture)
    expect(errors(`01/01/${year - 17}`)).toBe(settingsMessages.dobAdult)
    expect(errors('31/12/1899')).toBe(settingsMessages.dobTooOld)
    expect(errors(`${day}/${month}/${year - 18}`)).toBeUndefined()
    expect(errors('')).toBeUndefined()
  })

  it('reads the date of birth as day/month/year and sends it as YYYY-MM-DD', () => {
    const errors = (dateOfBirth: string) =>
      settingsForms.profile.errors({ ...profile, dateOfBirth }).dateOfBirth
    expect(settingsMessages.dobShape).toBe('Enter your date of birth as dd/mm/yyyy')
    for (const dateOfBirth of ['30/02/1990', '1990-04-12', '04/12/90', 'April 1990'])
      expect(errors(dateOfBirth)).toBe(settingsMessages.dobShape)
    expect(
      settingsForms.profile.request({ ...profile, dateOfBirth: ' 7/3/1990 ' }).dateOfBirth,
    ).toBe('1990-03-07')
    expect(settingsForms.profile.request({ ...profile, dateOfBirth: '' }).dateOfBirth).toBe('')
    expect(settingsForms.profile.request(profile)).toMatchObject({
      dateOfBirth: '1990-04-12',
      fullname: 'Dana Morgan',
    })
  })

  it('refuses a country outside the list and a picture over 5 MB', () => {
    expect(settingsForms.profile.errors({ ...profile, country: 'Atlantis' }).country).toBe(
      'Country must be a country from the list',
    )
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    expect(settingsForms.picture.errors({ profilePic: big })).toEqual({
      profilePic: settingsMessages.pictureSize,
    })
    expect(settingsForms.picture.errors({ profilePic: null })).toEqual({
      profilePic: settingsMessages.pictureMissing,
    })
  })

  it('adds the tries left to words that lack them, and shows a block end in local time', () => {
    const answer = {
      ok: true,
      data: { status: false, message: 'Invalid Credentials', attemptsLeft: 1 },
    } as const
    expect(failedNotice('passcode', answer).message).toBe('Invalid Credentials. 1 attempt left.')
  })

  it('shows the block end in the given locale and zone, rounded up to the minute, with the day when not today', () => {
    const now = new Date('2026-11-22T10:00:00Z')
    const berlin = { locale: 'de-DE', timeZone: 'Europe/Berlin' }
    expect(blockEndText('2026-11-22T10:14:05Z', now, berlin)).toBe('11:15')
    expect(
      blockEndText('2026-11-22T10:15:00Z', now, { locale: 'en-US', timeZone: 'America/New_York' }),
    ).toMatch(/^5:15\sAM$/)
    expect(blockEndText('2026-11-23T09:00:00Z', now, berlin)).toBe('23/11/2026, 10:00')
    // Another day is dd/mm/yyyy in every locale (decision 065); the time is the locale's.
    expect(
      blockEndText('2026-11-23T09:00:00Z', now, {
        locale: 'en-US',
        timeZone: 'America/New_York',
      }),
    ).toMatch(/^23\/11\/2026, 4:00\sAM$/)
    expect(
      secretRefusalMessage(
        'Blocked (at 10:15 UTC).',
        { blockedUntil: '2026-11-22T10:14:05Z' },
        now,
        berlin,
      ),
    ).toBe('Too many failed attempts. Try again after 11:15.')
    expect(
      secretRefusalMessage('The current PIN is wrong. 2 attempts left before a 30-minute block.', {
        attemptsLeft: 2,
      }),
    ).toBe('The current PIN is wrong. 2 attempts left before a 30-minute block.')
  })
})
