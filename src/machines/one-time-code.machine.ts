import { assertEvent, assign, setup } from 'xstate'

/**
 * The one-time-code input (spec: "One-time-code input"): one character per cell; numeric mode
 * accepts digits only, alphanumeric mode letters and digits, upper-cased. Pasting a string of
 * exactly the code length fills every cell. The code is complete when every cell is filled.
 * Backspace in an empty cell moves focus back. Invalid input is ignored.
 *
 * The events are handled once, on the machine root; the two states only say whether the code is
 * complete, and eventless (`always`) transitions keep that in step with the cells.
 */

export type OneTimeCodeMode = 'numeric' | 'alphanumeric'

export const defaultOneTimeCodeLength = 6

export interface OneTimeCodeInput {
  length?: number
  mode?: OneTimeCodeMode
}

export interface OneTimeCodeContext {
  length: number
  mode: OneTimeCodeMode
  /** One entry per cell; '' is an empty cell. */
  cells: string[]
  /** The cell that should hold the focus. */
  focused: number
}

export type OneTimeCodeEvent =
  | { type: 'TYPE'; index: number; value: string }
  | { type: 'PASTE'; text: string }
  | { type: 'BACKSPACE'; index: number }
  | { type: 'FOCUS'; index: number }
  | { type: 'CLEAR' }

const characterPattern: Record<OneTimeCodeMode, RegExp> = {
  numeric: /^[0-9]$/,
  alphanumeric: /^[A-Z0-9]$/,
}

/** One character as a cell holds it (upper-cased), or null when the mode does not accept it. */
export function normaliseCodeCharacter(character: string, mode: OneTimeCodeMode): string | null {
  const upper = character.toUpperCase()
  return characterPattern[mode].test(upper) ? upper : null
}

/**
 * The cells a pasted text fills, or null when it must be ignored: it must have exactly `length`
 * characters (surrounding white space, such as a copied line break, does not count) and every
 * character must be accepted by the mode.
 */
export function normalisePastedCode(
  text: string,
  mode: OneTimeCodeMode,
  length: number,
): string[] | null {
  const characters = [...text.trim()]
  if (characters.length !== length) return null
  const cells = characters.map((character) => normaliseCodeCharacter(character, mode))
  return cells.every((cell): cell is string => cell !== null) ? cells : null
}

/** The character a TYPE event puts in its cell: the last one typed, so a cell keeps one. */
function typedCharacter(value: string, mode: OneTimeCodeMode): string | null {
  const last = [...value].at(-1)
  return last === undefined ? null : normaliseCodeCharacter(last, mode)
}

function isCellIndexOf(context: OneTimeCodeContext, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < context.length
}

function emptyCells(length: number): string[] {
  return Array.from({ length }, () => '')
}

export const oneTimeCodeMachine = setup({
  types: {
    context: {} as OneTimeCodeContext,
    events: {} as OneTimeCodeEvent,
    input: {} as OneTimeCodeInput,
  },
  guards: {
    isAcceptedCharacter: ({ context, event }) =>
      event.type === 'TYPE' &&
      isCellIndexOf(context, event.index) &&
      typedCharacter(event.value, context.mode) !== null,
    isCodeLengthPaste: ({ context, event }) =>
      event.type === 'PASTE' &&
      normalisePastedCode(event.text, context.mode, context.length) !== null,
    isFilledCell: ({ context, event }) =>
      event.type === 'BACKSPACE' &&
      isCellIndexOf(context, event.index) &&
      context.cells[event.index] !== '',
    isCellIndex: ({ context, event }) =>
      (event.type === 'BACKSPACE' || event.type === 'FOCUS') && isCellIndexOf(context, event.index),
    allCellsFilled: ({ context }) => context.cells.every((cell) => cell !== ''),
    hasEmptyCell: ({ context }) => context.cells.some((cell) => cell === ''),
  },
  actions: {
    typeCharacter: assign(({ context, event }) => {
      assertEvent(event, 'TYPE')
      const cells = [...context.cells]
      cells[event.index] = typedCharacter(event.value, context.mode) ?? ''
      return { cells, focused: Math.min(event.index + 1, context.length - 1) }
    }),
    pasteCode: assign(({ context, event }) => {
      assertEvent(event, 'PASTE')
      const cells = normalisePastedCode(event.text, context.mode, context.length) ?? context.cells
      return { cells, focused: context.length - 1 }
    }),
    clearCell: assign(({ context, event }) => {
      assertEvent(event, 'BACKSPACE')
      const cells = [...context.cells]
      cells[event.index] = ''
      return { cells, focused: event.index }
    }),
    focusPreviousCell: assign(({ event }) => {
      assertEvent(event, 'BACKSPACE')
      return { focused: Math.max(event.index - 1, 0) }
    }),
    focusCell: assign(({ event }) => {
      assertEvent(event, 'FOCUS')
      return { focused: event.index }
    }),
    clearAllCells: assign(({ context }) => ({ cells: emptyCells(context.length), focused: 0 })),
  },
}).createMachine({
  id: 'oneTimeCode',
  description: 'A one-time code typed or pasted into one cell per character.',
  context: ({ input }) => {
    const length = input?.length ?? defaultOneTimeCodeLength
    return { length, mode: input?.mode ?? 'numeric', cells: emptyCells(length), focused: 0 }
  },
  initial: 'editing',
  on: {
    TYPE: { guard: 'isAcceptedCharacter', actions: 'typeCharacter' },
    PASTE: { guard: 'isCodeLengthPaste', actions: 'pasteCode' },
    BACKSPACE: [
      { guard: 'isFilledCell', actions: 'clearCell' },
      { guard: 'isCellIndex', actions: 'focusPreviousCell' },
    ],
    FOCUS: { guard: 'isCellIndex', actions: 'focusCell' },
    CLEAR: { actions: 'clearAllCells' },
  },
  states: {
    editing: {
      id: 'oneTimeCodeEditing',
      meta: { description: 'At least one cell is empty; the code cannot be submitted yet.' },
      always: { guard: 'allCellsFilled', target: 'complete' },
    },
    complete: {
      id: 'oneTimeCodeComplete',
      meta: { description: 'Every cell holds an accepted character; the code can be submitted.' },
      always: { guard: 'hasEmptyCell', target: 'editing' },
    },
  },
})
