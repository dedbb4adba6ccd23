import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { documentTypeOutcomes, submitOutcomes } from '#dev/outcomes/kyc.outcomes'
import {
  type DocsResult,
  type KycForm,
  kycMachine,
  type SubmitFields,
  type SubmitResult,
} from '#machines/kyc.machine'
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
  fireEvent.change(screen.getByLabelText('Document type'), {
    target: { value: 'International Passport' },
  })
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
        type: '',
        pic: null,
        idcardFront: null,
        idcardBack: null,
      },
    })
    expect(await screen.findByText('Choose your country')).toBeTruthy()
    expect(screen.getByText('Add the back of your document')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Country')))
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
        type: 'International Passport',
        pic: photo,
        idcardFront: front,
        idcardBack: back,
      },
    ])
    expect(
      screen.getByRole('button', { name: 'Continue to your verification status' }),
    ).toBeTruthy()
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
      type: '',
      pic: null,
      idcardFront: front,
      idcardBack: null,
    })
  })
})
