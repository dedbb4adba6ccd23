import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  OneTimeCodeInput,
  type OneTimeCodeInputProps,
} from '#routes/-components/one-time-code-input'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function setup(props: Partial<OneTimeCodeInputProps> = {}) {
  const onChange = vi.fn<(code: string) => void>()
  const onComplete = vi.fn<(code: string) => void>()
  render(
    <OneTimeCodeInput
      label="Verification code"
      onChange={onChange}
      onComplete={onComplete}
      {...props}
    />,
  )
  const group = screen.getByRole('group', { name: 'Verification code' })
  const cells = [...group.querySelectorAll('input')]
  const values = () => [...group.querySelectorAll('input')].map((input) => input.value)
  return { group, cells, values, onChange, onComplete }
}

function cell(cells: HTMLInputElement[], index: number): HTMLInputElement {
  const found = cells[index]
  if (!found) throw new Error(`no cell ${index}`)
  return found
}

/** The cell's new value arrives as the browser sends it: an `input` event. */
function type(input: HTMLInputElement, value: string) {
  act(() => input.focus())
  fireEvent.input(input, { target: { value } })
}

/**
 * One keystroke as a browser makes it: the character replaces the selection (the focused cell's
 * content is selected) in the element that has the focus, then `input` fires, even when the
 * value ends up as it was.
 */
function keystroke(character: string) {
  const input = document.activeElement
  if (!(input instanceof HTMLInputElement)) throw new Error('no cell has the focus')
  const { value } = input
  const start = input.selectionStart ?? value.length
  const end = input.selectionEnd ?? value.length
  fireEvent.input(input, {
    target: { value: value.slice(0, start) + character + value.slice(end) },
  })
}

function paste(input: HTMLInputElement, text: string) {
  act(() => input.focus())
  fireEvent.paste(input, { clipboardData: { getData: () => text } })
}

describe('OneTimeCodeInput', () => {
  it('is a labelled group of cells labelled "Digit n of 6"', () => {
    const { group, cells } = setup()
    expect(cells).toHaveLength(6)
    expect(group.tagName).toBe('FIELDSET')
    expect(cells.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Digit 1 of 6',
      'Digit 2 of 6',
      'Digit 3 of 6',
      'Digit 4 of 6',
      'Digit 5 of 6',
      'Digit 6 of 6',
    ])
    expect(cells.every((c) => c.inputMode === 'numeric')).toBe(true)
    expect(cell(cells, 0).getAttribute('autocomplete')).toBe('one-time-code')
    expect(cell(cells, 1).getAttribute('autocomplete')).toBe('off')
  })

  it('takes one digit per cell, moves the focus along and completes with the code', () => {
    const { cells, values, onChange, onComplete } = setup({ autoFocus: true })
    for (const [index, digit] of [...'204816'].entries()) {
      expect(document.activeElement).toBe(cell(cells, index))
      fireEvent.input(cell(cells, index), { target: { value: digit } })
    }
    expect(values()).toEqual(['2', '0', '4', '8', '1', '6'])
    expect(onChange).toHaveBeenLastCalledWith('204816')
    expect(onChange).toHaveBeenCalledWith('2')
    expect(onComplete).toHaveBeenCalledTimes(1)
    expect(onComplete).toHaveBeenCalledWith('204816')
  })

  it('ignores letters in numeric mode', () => {
    const { cells, values, onChange } = setup()
    type(cell(cells, 0), 'a')
    expect(values()[0]).toBe('')
    expect(onChange).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(cell(cells, 0))
  })

  it('upper-cases letters in alphanumeric mode', () => {
    const { cells, values } = setup({ mode: 'alphanumeric', length: 4 })
    expect(cell(cells, 0).getAttribute('aria-label')).toBe('Character 1 of 4')
    type(cell(cells, 0), 'q')
    type(cell(cells, 1), '7')
    type(cell(cells, 2), '-')
    expect(values()).toEqual(['Q', '7', '', ''])
  })

  it('keeps the new character when a filled cell is typed over', () => {
    const { cells, values } = setup()
    type(cell(cells, 0), '1')
    type(cell(cells, 0), '15')
    expect(values()[0]).toBe('5')
    type(cell(cells, 0), '95')
    expect(values()[0]).toBe('9')
  })

  it('takes a code typed over a wrong one digit by digit, repeated digits too', () => {
    const { cells, values, onComplete } = setup({ autoFocus: true })
    for (const digit of '111111') keystroke(digit)
    expect(values().join('')).toBe('111111')
    act(() => cell(cells, 0).focus())
    expect(cell(cells, 0).selectionEnd).toBe(1)
    for (const digit of '212121') keystroke(digit)
    expect(values().join('')).toBe('212121')
    expect(onComplete).toHaveBeenLastCalledWith('212121')
    expect(document.activeElement).toBe(cell(cells, 5))
  })

  it('fills every cell from a paste of the code length, into any cell', () => {
    const { cells, values, onComplete } = setup()
    paste(cell(cells, 3), '987654')
    expect(values()).toEqual(['9', '8', '7', '6', '5', '4'])
    expect(onComplete).toHaveBeenCalledWith('987654')
    expect(document.activeElement).toBe(cell(cells, 5))
  })

  it('ignores a paste of the wrong length', () => {
    const { cells, values, onChange } = setup()
    paste(cell(cells, 0), '12345')
    paste(cell(cells, 0), '1234567')
    paste(cell(cells, 0), '12a456')
    expect(values()).toEqual(['', '', '', '', '', ''])
    expect(onChange).not.toHaveBeenCalled()
  })

  it('spreads a whole code filled into the first cell (autofill, password managers)', () => {
    const { cells, values, onComplete } = setup()
    type(cell(cells, 0), '314159')
    expect(values()).toEqual(['3', '1', '4', '1', '5', '9'])
    expect(onComplete).toHaveBeenCalledWith('314159')
  })

  it('clears a filled cell on Backspace, and moves back from an empty one', () => {
    const { cells, values, onChange } = setup()
    paste(cell(cells, 0), '123456')
    fireEvent.keyDown(cell(cells, 5), { key: 'Backspace' })
    expect(values()).toEqual(['1', '2', '3', '4', '5', ''])
    expect(onChange).toHaveBeenLastCalledWith('12345')
    expect(document.activeElement).toBe(cell(cells, 5))
    fireEvent.keyDown(cell(cells, 5), { key: 'Backspace' })
    expect(document.activeElement).toBe(cell(cells, 4))
    expect(values()).toEqual(['1', '2', '3', '4', '5', ''])
    fireEvent.keyDown(cell(cells, 4), { key: 'Backspace' })
    expect(values()).toEqual(['1', '2', '3', '4', '', ''])
  })

  it('moves the focus with the arrow keys, Home and End', () => {
    const { cells } = setup()
    act(() => cell(cells, 2).focus())
    fireEvent.keyDown(cell(cells, 2), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(cell(cells, 1))
    fireEvent.keyDown(cell(cells, 1), { key: 'ArrowRight' })
    fireEvent.keyDown(cell(cells, 2), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(cell(cells, 3))
    fireEvent.keyDown(cell(cells, 3), { key: 'End' })
    expect(document.activeElement).toBe(cell(cells, 5))
    fireEvent.keyDown(cell(cells, 5), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(cell(cells, 5))
    fireEvent.keyDown(cell(cells, 5), { key: 'Home' })
    expect(document.activeElement).toBe(cell(cells, 0))
  })

  it('shows the characters unless a mask delay is set', () => {
    const { cells } = setup()
    type(cell(cells, 0), '4')
    expect(cell(cells, 0).type).toBe('text')
  })

  it('hides each character once the mask delay has passed', () => {
    vi.useFakeTimers()
    const { group, cells } = setup({ maskDelayMs: 800 })
    const inputs = () => [...group.querySelectorAll('input')]
    expect(inputs().every((input) => input.type === 'password')).toBe(true)
    type(cell(cells, 0), '4')
    expect(inputs().map((c) => c.type)).toEqual([
      'text',
      'password',
      'password',
      'password',
      'password',
      'password',
    ])
    act(() => vi.advanceTimersByTime(799))
    expect(inputs()[0]?.type).toBe('text')
    act(() => vi.advanceTimersByTime(1))
    expect(inputs()[0]?.type).toBe('password')
    expect(inputs()[0]?.value).toBe('4')
  })

  it('marks the cells invalid and describes them with the error', () => {
    const { group, cells } = setup({ error: 'Wrong code' })
    expect(cell(cells, 0).getAttribute('aria-invalid')).toBe('true')
    const describedBy = group.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toBe('Wrong code')
  })
})
