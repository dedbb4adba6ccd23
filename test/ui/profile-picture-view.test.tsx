import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { settingsFormMachine } from '#machines/settings-form.machine'
import { ProfilePictureView } from '#routes/dashboard/profile/-components/profile-picture-view'
import { uploadHints } from '#ui/upload-box'

afterEach(cleanup)

function setup() {
  const actor = createActor(settingsFormMachine, { input: { form: 'picture' } }).start()
  render(<ProfilePictureView actor={actor} />)
  const input = screen.getByLabelText(/New profile picture/) as HTMLInputElement
  const choose = (file: File) =>
    act(() => void fireEvent.change(input, { target: { files: [file] } }))
  const preview = () => screen.queryByRole('img')
  return { input, choose, preview }
}

describe('the profile picture', () => {
  it("is chosen in the app's upload box, which offers the picture types", () => {
    const { input } = setup()
    expect(input.type).toBe('file')
    expect(input.name).toBe('profilePic')
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp')
    expect(screen.getByText('Choose a photo')).toBeTruthy()
    expect(screen.getByText(uploadHints.photo)).toBeTruthy()
  })

  it('previews a picture, and never a file that is not one', () => {
    const { choose, preview } = setup()
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(screen.getByText('notes.txt')).toBeTruthy()
    expect(preview()).toBeNull()
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }))
    expect(preview()?.getAttribute('alt')).toBe('Preview of me.png')
    choose(new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }))
    expect(preview()).toBeNull()
  })

  it('drops the preview of a picture whose bytes do not decode', () => {
    const { choose, preview } = setup()
    choose(new File(['not a png'], 'broken.png', { type: 'image/png' }))
    const image = preview()
    expect(image).not.toBeNull()
    act(() => void fireEvent.error(image as HTMLElement))
    expect(preview()).toBeNull()
    // A new choice is previewed again.
    choose(new File(['gif'], 'me.gif', { type: 'image/gif' }))
    expect(preview()?.getAttribute('alt')).toBe('Preview of me.gif')
  })
})
