import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CopyButton } from '#ui/copy-button'
import * as toasts from '#ui/toast-store'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** happy-dom's clipboard, or a refusing one, as the page's `navigator.clipboard`. */
function useClipboard(writeText: (text: string) => Promise<void>) {
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText)
}

describe('copy button', () => {
  it("is named for what it copies, copies it and says 'Copied to clipboard'", async () => {
    const copied: string[] = []
    useClipboard(async (text) => {
      copied.push(text)
    })
    const toast = vi.spyOn(toasts, 'toast')
    render(<CopyButton value="021000089" label="routing number" />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy routing number' }))
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        type: 'success',
        message: 'Copied to clipboard',
        duration: 5000,
      }),
    )
    expect(copied).toEqual(['021000089'])
  })

  it('only logs when the copy fails (spec section 7)', async () => {
    const refusal = new DOMException('Write permission denied', 'NotAllowedError')
    useClipboard(() => Promise.reject(refusal))
    const toast = vi.spyOn(toasts, 'toast')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(<CopyButton value="MRDNUS33" label="swift code" />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy swift code' }))
    await waitFor(() => expect(log).toHaveBeenCalledWith('Copying the swift code failed', refusal))
    expect(toast).not.toHaveBeenCalled()
  })
})
