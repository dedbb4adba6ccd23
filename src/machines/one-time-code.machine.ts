import { assertEvent, assign, emit, type SnapshotFrom, setup } from 'xstate'

/**
 * The one-time-code input (spec section 5): one character per cell; numeric mode accepts digits
 * only, alphanumeric mode letters and digits, upper-cased. Pasting a string of exactly the code
 * length fills every cell, and so does a whole code typed or filled into one cell at once (a
 * password manager or `autocomplete="one-time-code"`). The code is complete when every cell is
 * filled. Backspace in an empty cell moves focus back. Invalid input is ignored.
 *
 * Two regions run side by side:
 * - `code` handles the cell events and says whether the code is complete (`always`
 *   transitions keep that in step with the cells); every change emits `codeChanged`, which the
 *   view turns into its onChange / onComplete callbacks.
 * - `visibility` hides the characters after a delay (spec section 9: "Delay for hiding
 *   one-time-code characters: configurable, no default"). It starts `plain` (nothing hidden);
 *   SET_MASK_DELAY with a number of milliseconds switches masking on: a character just entered
 *   shows for that long, then every cell is masked.
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
  /** How long a new character stays visible when masking is on; null: masking is off. */
  maskDelayMs: number | null
  /** The cells shown while `visibility.masking.revealing`; every other cell is masked. */
  revealed: number[]
}

export type OneTimeCodeEvent =
  /** The new value of cell `index` (what its input now holds). */
  | { type: 'TYPE'; index: number; value: string }
  | { type: 'PASTE'; text: string }
  | { type: 'BACKSPACE'; index: number }
  | { type: 'FOCUS'; index: number }
  | { type: 'CLEAR' }
  /** Masking on (milliseconds) or off (null). */
  | { type: 'SET_MASK_DELAY'; ms: number | null }

export type OneTimeCodeEmitted = { type: 'codeChanged'; code: string; complete: boolean }

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

/**
 * The character a cell keeps from its new input value: the one just typed. The input may still
 * hold the old character beside the new one (when the caret was not after a selection), so
 * one copy of the old character is set aside first.
 */
export function typedCharacter(value: string, previous: string, mode: OneTimeCodeMode) {
  const characters = [...value]
  const old = previous === '' ? -1 : characters.findIndex((c) => c.toUpperCase() === previous)
  if (characters.length > 1 && old >= 0) characters.splice(old, 1)
  const last = characters.at(-1)
  return last === undefined ? null : normaliseCodeCharacter(last, mode)
}

function isCellIndexOf(context: OneTimeCodeContext, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < context.length
}

function emptyCells(length: number): string[] {
  return Array.from({ length }, () => '')
}

function allIndexes(length: number): number[] {
  return Array.from({ length }, (_, index) => index)
}

/** The code as one string, and whether every cell is filled. */
export function codeOf(context: Pick<OneTimeCodeContext, 'cells'>) {
  return { code: context.cells.join(''), complete: context.cells.every((cell) => cell !== '') }
}

export const oneTimeCodeMachine = setup({
  types: {
    context: {} as OneTimeCodeContext,
    events: {} as OneTimeCodeEvent,
    input: {} as OneTimeCodeInput,
    emitted: {} as OneTimeCodeEmitted,
  },
  delays: {
    /** The configured hiding delay (SET_MASK_DELAY); the spec gives no default. */
    maskDelay: ({ context }) => context.maskDelayMs ?? 0,
  },
  guards: {
    isWholeCodeTyped: ({ context, event }) =>
      event.type === 'TYPE' &&
      isCellIndexOf(context, event.index) &&
      normalisePastedCode(event.value, context.mode, context.length) !== null,
    isAcceptedCharacter: ({ context, event }) =>
      event.type === 'TYPE' &&
      isCellIndexOf(context, event.index) &&
      typedCharacter(event.value, context.cells[event.index] ?? '', context.mode) !== null,
    isEmptiedCell: ({ context, event }) =>
      event.type === 'TYPE' &&
      isCellIndexOf(context, event.index) &&
      event.value === '' &&
      context.cells[event.index] !== '',
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
    isMaskDelay: ({ event }) =>
      event.type === 'SET_MASK_DELAY' &&
      event.ms !== null &&
      Number.isFinite(event.ms) &&
      event.ms >= 0,
    entersCharacters: ({ context, event }) =>
      (event.type === 'PASTE' &&
        normalisePastedCode(event.text, context.mode, context.length) !== null) ||
      (event.type === 'TYPE' &&
        isCellIndexOf(context, event.index) &&
        (normalisePastedCode(event.value, context.mode, context.length) !== null ||
          typedCharacter(event.value, context.cells[event.index] ?? '', context.mode) !== null)),
  },
  actions: {
    fillTypedCode: assign(({ context, event }) => {
      assertEvent(event, 'TYPE')
      const cells = normalisePastedCode(event.value, context.mode, context.length) ?? context.cells
      return { cells, focused: context.length - 1, revealed: allIndexes(context.length) }
    }),
    typeCharacter: assign(({ context, event }) => {
      assertEvent(event, 'TYPE')
      const cells = [...context.cells]
      cells[event.index] =
        typedCharacter(event.value, context.cells[event.index] ?? '', context.mode) ?? ''
      return {
        cells,
        focused: Math.min(event.index + 1, context.length - 1),
        revealed: [event.index],
      }
    }),
    emptyTypedCell: assign(({ context, event }) => {
      assertEvent(event, 'TYPE')
      const cells = [...context.cells]
      cells[event.index] = ''
      return { cells, focused: event.index }
    }),
    pasteCode: assign(({ context, event }) => {
      assertEvent(event, 'PASTE')
      const cells = normalisePastedCode(event.text, context.mode, context.length) ?? context.cells
      return { cells, focused: context.length - 1, revealed: allIndexes(context.length) }
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
    clearAllCells: assign(({ context }) => ({
      cells: emptyCells(context.length),
      focused: 0,
      revealed: [],
    })),
    reportCode: emit(({ context }) => ({ type: 'codeChanged' as const, ...codeOf(context) })),
    setMaskDelay: assign(({ event }) => {
      assertEvent(event, 'SET_MASK_DELAY')
      return { maskDelayMs: event.ms, revealed: [] }
    }),
    clearMaskDelay: assign({ maskDelayMs: null, revealed: [] }),
    hideCharacters: assign({ revealed: [] }),
  },
}).createMachine({
  id: 'oneTimeCode',
  description: 'A one-time code typed or pasted into one cell per character.',
  context: ({ input }) => {
    const length = input?.length ?? defaultOneTimeCodeLength
    return {
      length,
      mode: input?.mode ?? 'numeric',
      cells: emptyCells(length),
      focused: 0,
      maskDelayMs: null,
      revealed: [],
    }
  },
  type: 'parallel',
  states: {
    code: {
      description: 'The cells: what is typed, pasted or deleted, and where the focus goes.',
      on: {
        TYPE: [
          { guard: 'isWholeCodeTyped', actions: ['fillTypedCode', 'reportCode'] },
          { guard: 'isAcceptedCharacter', actions: ['typeCharacter', 'reportCode'] },
          { guard: 'isEmptiedCell', actions: ['emptyTypedCell', 'reportCode'] },
        ],
        PASTE: { guard: 'isCodeLengthPaste', actions: ['pasteCode', 'reportCode'] },
        BACKSPACE: [
          { guard: 'isFilledCell', actions: ['clearCell', 'reportCode'] },
          { guard: 'isCellIndex', actions: 'focusPreviousCell' },
        ],
        FOCUS: { guard: 'isCellIndex', actions: 'focusCell' },
        CLEAR: { actions: ['clearAllCells', 'reportCode'] },
      },
      initial: 'editing',
      states: {
        editing: {
          id: 'oneTimeCodeEditing',
          meta: { description: 'At least one cell is empty; the code cannot be submitted yet.' },
          always: { guard: 'allCellsFilled', target: 'complete' },
        },
        complete: {
          id: 'oneTimeCodeComplete',
          meta: {
            description: 'Every cell holds an accepted character; the code can be submitted.',
          },
          always: { guard: 'hasEmptyCell', target: 'editing' },
        },
      },
    },
    visibility: {
      description: 'Whether the characters are shown or masked.',
      on: {
        SET_MASK_DELAY: [
          { guard: 'isMaskDelay', target: '.masking', actions: 'setMaskDelay' },
          { target: '.plain', actions: 'clearMaskDelay' },
        ],
      },
      initial: 'plain',
      states: {
        plain: {
          id: 'oneTimeCodePlain',
          meta: { description: 'No mask delay set (the default): every character stays visible.' },
        },
        masking: {
          initial: 'hidden',
          states: {
            hidden: {
              id: 'oneTimeCodeHidden',
              meta: { description: 'Every filled cell is masked.' },
              on: {
                TYPE: { guard: 'entersCharacters', target: 'revealing' },
                PASTE: { guard: 'entersCharacters', target: 'revealing' },
              },
            },
            revealing: {
              id: 'oneTimeCodeRevealing',
              meta: {
                description: 'The characters just entered show until the mask delay passes.',
              },
              after: { maskDelay: { target: 'hidden', actions: 'hideCharacters' } },
              on: {
                TYPE: { guard: 'entersCharacters', target: 'revealing', reenter: true },
                PASTE: { guard: 'entersCharacters', target: 'revealing', reenter: true },
              },
            },
          },
        },
      },
    },
  },
})

/** Whether the view must mask cell `index` (masking on and the cell not just entered). */
export function isCellMasked(
  snapshot: SnapshotFrom<typeof oneTimeCodeMachine>,
  index: number,
): boolean {
  return snapshot.matches({ visibility: 'masking' }) && !snapshot.context.revealed.includes(index)
}
