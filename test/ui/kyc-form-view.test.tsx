import { i18n } from '@lingui/core'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { documentTypeOutcomes, submitOutcomes } from '#dev/outcomes/kyc.outcomes'
import { appCatalog } from '#i18n/app-catalog'
import { loadCatalog } from '#i18n/catalogs'
import {
  type DocsResult,
  type KycForm,
  kycMachine,
  type SubmitFields,
  type SubmitResult,
} from '#machines/kyc.machine'
import { signedOutCatalog } from '#routes/_signed-out/-locales/catalog'
import { readKycForm } from '#routes/_signed-out/account/kyc/-components/kyc-form-data'
import { KycFormView } from '#routes/_signed-out/account/kyc/-components/kyc-form-view'
import { renderInRouter } from './support/render-in-router'

afterEach(cleanup)

async function showForm(answer: SubmitResult = submitOutcomes.submitted.output) {
  const sent: unknown[] = []
  const actor = createActor(
    kycMachine.provide({
      actors: {
        kycDocumentTypes: fromPromise<DocsResult>(async () => documentTypeOutcomes.names.output),
        submitKyc: fromPromise<SubmitResult, SubmitFields>(async ({ input }) => {
          sent.push(input)
          return answer
        }),
      },
    }),
  ).start()
  const send = vi.spyOn(actor, 'send')
  await renderInRouter(() => <KycFormView actor={actor} />)
  return { actor, send, sent }
}

const photo = new File(['me'], 'me.jpg', { type: 'image/jpeg' })
const front = new File(['front'], 'front.png', { type: 'image/png' })
const back = new File(['back'], 'back.png', { type: 'image/png' })

/** Chooses a file the way a browser does, so the form's FormData sees it (happy-dom). */
function choose(input: HTMLElement, file: File) {
  const transfer = new DataTransfer()
  transfer.items.add(file)
  ;(input as HTMLInputElement).files = transfer.files
  fireEvent.change(input)
}

async function fillIn() {
  await screen.findByRole('option', { name: 'International Passport' })
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Portugal' } })
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+351 912 345 678' } })
  fireEvent.change(screen.getByLabelText('Home address'), { target: { value: 'Rua Augusta 1' } })
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '07/03/1990' } })
  fireEvent.change(screen.getByLabelText('Document type'), {
    target: { value: 'International Passport' },
  })
  fireEvent.change(screen.getByLabelText('Document number'), { target: { value: 'CB 123456' } })
  fireEvent.change(screen.getByLabelText('Issuing country'), { target: { value: 'PT' } })
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '31/12/2099' } })
  choose(screen.getByLabelText(/Your photo/), photo)
  choose(screen.getByLabelText(/Front of the document/), front)
  choose(screen.getByLabelText(/Back of the document/), back)
}

describe('KYC form view', () => {
  it("offers about 240 countries and Driver's License plus the server's document types", async () => {
    await showForm()
    const country = screen.getByLabelText('Country')
    const countryOptions = within(country).getAllByRole('option')
    expect(countryOptions[0]?.textContent).toBe('Select your country')
    expect(countryOptions.length - 1).toBeGreaterThanOrEqual(240)
    expect(countryOptions.length - 1).toBeLessThanOrEqual(252)
    const type = screen.getByLabelText('Document type')
    await waitFor(() =>
      expect(
        within(type)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Select a document',
        "Driver's License",
        'International Passport',
        'National ID Card',
      ]),
    )
  })

  it('names the missing fields and moves the focus to the first one', async () => {
    const { send } = await showForm()
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }))
    expect(send).toHaveBeenCalledWith({
      type: 'SUBMIT',
      form: {
        country: '',
        phone: '',
        homeAddress: '',
        dateOfBirth: '',
        type: '',
        documentNumber: '',
        documentCountry: '',
        documentExpiry: '',
        pic: null,
        idcardFront: null,
        idcardBack: null,
      },
    })
    expect(await screen.findByText('Choose your country')).toBeTruthy()
    expect(screen.getByText('Enter your date of birth')).toBeTruthy()
    expect(screen.getByText('Enter the document number')).toBeTruthy()
    expect(screen.getByText('Choose the country that issued the document')).toBeTruthy()
    expect(screen.getByText("Enter the document's expiry date")).toBeTruthy()
    expect(screen.getByText('Add the back of your document')).toBeTruthy()
    // The first field of the form is the date of birth.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date of birth')))
  })

  it('shows the labels of chosen files and sends every field with the files', async () => {
    const { sent } = await showForm()
    await fillIn()
    expect(screen.getByText('Photo Uploaded')).toBeTruthy()
    expect(screen.getAllByText('File Uploaded')).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }))
    expect(await screen.findByText('Documents received')).toBeTruthy()
    expect(sent).toEqual([
      {
        country: 'Portugal',
        phone: '+351 912 345 678',
        homeAddress: 'Rua Augusta 1',
        // Typed dd/mm/yyyy, sent as the contract carries a day.
        dateOfBirth: '1990-03-07',
        type: 'International Passport',
        documentNumber: 'CB 123456',
        documentCountry: 'PT',
        documentExpiry: '2099-12-31',
        pic: photo,
        idcardFront: front,
        idcardBack: back,
      },
    ])
    expect(
      screen.getByRole('button', { name: 'Continue to your verification status' }),
    ).toBeTruthy()
  })

  it('offers the issuing countries by name and sends their ISO code', async () => {
    await showForm()
    const issuing = screen.getByLabelText('Issuing country') as HTMLSelectElement
    const options = within(issuing).getAllByRole('option') as HTMLOptionElement[]
    expect(options[0]?.textContent).toBe('Select the issuing country')
    expect(options.length).toBe(
      within(screen.getByLabelText('Country')).getAllByRole('option').length,
    )
    const byCode = new Map(options.map((option) => [option.value, option.textContent]))
    expect(byCode.get('PT')).toBe('Portugal')
    expect(byCode.get('DE')).toBe('Germany')
    expect(byCode.get('XK')).toBe('Kosovo')
    expect(byCode.has('EU')).toBe(false)
  })

  it('refuses an expired document and a minor before sending, under their fields', async () => {
    const { sent } = await showForm()
    await fillIn()
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '01/01/2020' } })
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '01/01/2020' } })
    fireEvent.change(screen.getByLabelText('Document number'), { target: { value: 'AB1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }))
    expect(
      await screen.findByText('This document has expired: use one that is still valid'),
    ).toBeTruthy()
    expect(screen.getByText('You must be at least 18 years old')).toBeTruthy()
    expect(
      screen.getByText('Enter 5 to 20 letters or digits, as printed on the document'),
    ).toBeTruthy()
    expect(screen.getByLabelText('Expiry date').getAttribute('aria-invalid')).toBe('true')
    expect(sent).toEqual([])
  })

  it('speaks Spanish: the new fields, their rules and the issuing countries by their Spanish names', async () => {
    await loadCatalog(appCatalog, 'es')
    await loadCatalog(signedOutCatalog, 'es')
    act(() => i18n.activate('es'))
    try {
      await showForm()
      const issuing = screen.getByLabelText('País de expedición')
      const byCode = new Map(
        (within(issuing).getAllByRole('option') as HTMLOptionElement[]).map((option) => [
          option.value,
          option.textContent,
        ]),
      )
      expect(byCode.get('')).toBe('Seleccione el país de expedición')
      expect(byCode.get('DE')).toBe('Alemania')
      expect(byCode.get('GB')).toBe('Reino Unido')
      fireEvent.change(screen.getByLabelText('Fecha de caducidad'), {
        target: { value: '01/01/2020' },
      })
      fireEvent.click(screen.getByRole('button', { name: 'Enviar para verificación' }))
      expect(
        await screen.findByText('Este documento ha caducado: use uno que siga vigente'),
      ).toBeTruthy()
      expect(screen.getByText('Introduzca su fecha de nacimiento')).toBeTruthy()
      expect(screen.getByText('Introduzca el número del documento')).toBeTruthy()
    } finally {
      act(() => i18n.activate('en'))
    }
  })

  it("keeps the form and shows the server's message when it refuses", async () => {
    await showForm(submitOutcomes.refused.output)
    await fillIn()
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The front image is unreadable')
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe(
      '+351 912 345 678',
    )
  })
})

describe('readKycForm', () => {
  it('turns empty file inputs into null and keeps chosen files', () => {
    const data = new FormData()
    data.set('country', 'Portugal')
    data.set('pic', new File([], ''))
    data.set('idcardFront', front)
    const form: KycForm = readKycForm(data)
    expect(form).toEqual({
      country: 'Portugal',
      phone: '',
      homeAddress: '',
      dateOfBirth: '',
      type: '',
      documentNumber: '',
      documentCountry: '',
      documentExpiry: '',
      pic: null,
      idcardFront: front,
      idcardBack: null,
    })
  })
})
