import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { maxUploadBytes, uploadKinds } from '#api/upload-rules'
import { UploadBox, uploadHints } from '#ui/upload-box'

afterEach(cleanup)

function choose(input: HTMLElement, files: File[]) {
  fireEvent.change(input, { target: { files } })
}

describe('UploadBox', () => {
  it('says what the forms check and the server takes (src/api/upload-rules.ts)', () => {
    for (const kind of ['file', 'photo'] as const)
      expect(uploadHints[kind]).toBe(
        `${uploadKinds[kind].names}, at most ${maxUploadBytes / 1024 / 1024} MB`,
      )
  })

  it('is a real, labelled file input with the hint of what the server accepts', () => {
    render(<UploadBox label="Front of the document" name="idcardFront" />)
    const input = screen.getByLabelText(/Front of the document/) as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.name).toBe('idcardFront')
    expect(input.getAttribute('accept')).toBeNull()
    expect(screen.getByText(uploadHints.file).textContent).toBe(
      'PNG, JPEG, GIF, WebP or PDF, at most 5 MB',
    )
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText(uploadHints.file).id)
    expect(screen.getByText('Choose a file')).toBeTruthy()
  })

  it("says 'File Uploaded' and shows the file name once a document is chosen", () => {
    const onFileChange = vi.fn()
    render(<UploadBox label="Back of the document" name="idcardBack" onFileChange={onFileChange} />)
    const input = screen.getByLabelText(/Back of the document/)
    const file = new File(['back'], 'licence-back.png', { type: 'image/png' })
    choose(input, [file])
    expect(screen.getByText('File Uploaded')).toBeTruthy()
    expect(screen.queryByText('Choose a file')).toBeNull()
    expect(screen.getByText('licence-back.png')).toBeTruthy()
    expect(onFileChange).toHaveBeenCalledWith(file)
    // the accessible name follows the label
    expect(screen.getByLabelText(/Back of the document File Uploaded/)).toBe(input)
  })

  it("says 'Photo Uploaded' for the picture, and goes back when the choice is cleared", () => {
    render(<UploadBox label="Your photo" name="pic" kind="photo" />)
    const input = screen.getByLabelText(/Your photo/)
    expect(screen.getByText('Choose a photo')).toBeTruthy()
    choose(input, [new File(['me'], 'me.jpg', { type: 'image/jpeg' })])
    expect(screen.getByText('Photo Uploaded')).toBeTruthy()
    choose(input, [])
    expect(screen.getByText('Choose a photo')).toBeTruthy()
    expect(screen.queryByText('me.jpg')).toBeNull()
  })

  it('shows no tick beside a file that was refused, and asks for another', () => {
    const { rerender } = render(<UploadBox label="Proof" name="depositPic" />)
    const input = screen.getByLabelText(/Proof/)
    choose(input, [new File(['x'], 'huge.png', { type: 'image/png' })])
    rerender(<UploadBox label="Proof" name="depositPic" error="File too large: at most 5 MB" />)
    expect(screen.getByText('Choose another file')).toBeTruthy()
    expect(screen.queryByText('File Uploaded')).toBeNull()
    expect(screen.getByText('huge.png')).toBeTruthy()
    expect(input.closest('div')?.querySelector('label')?.dataset.filled).toBe('false')
    expect(screen.getByLabelText(/Proof Choose another file/)).toBe(input)
  })

  it('takes a file chosen after a "no file yet" error, which is not about that file', () => {
    const noFile = 'Add a photo or scan of your document'
    render(<UploadBox label="Licence" name="document" error={noFile} />)
    choose(screen.getByLabelText(/Licence/), [
      new File(['x'], 'licence.png', { type: 'image/png' }),
    ])
    expect(screen.getByText('File Uploaded')).toBeTruthy()
    expect(screen.queryByText('Choose another file')).toBeNull()
  })

  it('is reachable with the keyboard and shows an error', () => {
    render(<UploadBox label="Your photo" name="pic" kind="photo" error="Add a photo of yourself" />)
    const input = screen.getByLabelText(/Your photo/)
    input.focus()
    expect(document.activeElement).toBe(input)
    expect(input.tabIndex).toBe(0)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Add a photo of yourself')).toBeTruthy()
  })
})
