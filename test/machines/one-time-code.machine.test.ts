import { describe, expect, it } from 'vitest'
import { type AnyEventObject, createActor, SimulatedClock, type SnapshotFrom } from 'xstate'
import {
  isCellMasked,
  normaliseCodeCharacter,
  normalisePastedCode,
  type OneTimeCodeEmitted,
  type OneTimeCodeEvent,
  type OneTimeCodeInput,
  oneTimeCodeMachine,
  typedCharacter,
} from '#machines/one-time-code.machine'
import { describeMachinePaths, type StepContext } from '../harness/generated-paths'

type Snapshot = SnapshotFrom<typeof oneTimeCodeMachine>

const maskDelayMs = 500

// Two cells is the smallest code where a typed character moves the focus and the next one
// completes the code: the graph does not look at context, so with more cells it would never
// see a TYPE that completes (pasting still would).
const pathOptions = {
  input: { length: 2, mode: 'alphanumeric' } satisfies OneTimeCodeInput,
  events: ({ context }: Snapshot): OneTimeCodeEvent[] => {
    const firstFilled = context.cells.findIndex((cell) => cell !== '')
    return [
      { type: 'TYPE', index: context.focused, value: 'k' },
      { type: 'TYPE', index: context.focused, value: '-' },
      { type: 'TYPE', index: context.focused, value: 'b2' },
      ...(firstFilled >= 0 ? [{ type: 'TYPE' as const, index: firstFilled, value: '' }] : []),
      { type: 'PASTE', text: 'a1' },
      { type: 'PASTE', text: 'a12' },
      { type: 'BACKSPACE', index: context.focused },
      ...(firstFilled >= 0 && firstFilled !== context.focused
        ? [{ type: 'BACKSPACE' as const, index: firstFilled }]
        : []),
      { type: 'FOCUS', index: 0 },
      { type: 'CLEAR' },
      { type: 'SET_MASK_DELAY', ms: maskDelayMs },
      { type: 'SET_MASK_DELAY', ms: null },
    ]
  },
}

type Typed = AnyEventObject & Partial<{ index: number; value: string; text: string }>

/** What the event of a step must have done to the cells and the focus. */
function expectEffectOf({ context }: Snapshot, { event, previous }: StepContext<Snapshot>): void {
  const before = previous?.context
  const typed = event as Typed
  if (!before || event.type === 'xstate.init') {
    expect(context).toEqual({
      length: 2,
      mode: 'alphanumeric',
      cells: ['', ''],
      focused: 0,
      maskDelayMs: null,
      revealed: [],
    })
  } else if (event.type === 'TYPE' && typed.value === 'k') {
    expect(context.cells[typed.index ?? -1]).toBe('K')
    expect(context.focused).toBe(Math.min((typed.index ?? 0) + 1, 1))
  } else if (event.type === 'TYPE' && typed.value === 'b2') {
    expect(context.cells).toEqual(['B', '2'])
    expect(context.focused).toBe(1)
  } else if (event.type === 'TYPE' && typed.value === '') {
    expect(context.cells[typed.index ?? -1]).toBe('')
    expect(context.focused).toBe(typed.index)
  } else if (event.type === 'PASTE' && typed.text === 'a1') {
    expect(context.cells).toEqual(['A', '1'])
    expect(context.focused).toBe(1)
  } else if (event.type === 'BACKSPACE') {
    const index = typed.index ?? -1
    if (before.cells[index] !== '') {
      expect(context.cells[index]).toBe('')
      expect(context.focused).toBe(index)
    } else {
      expect(context.cells).toEqual(before.cells)
      expect(context.focused).toBe(Math.max(index - 1, 0))
    }
  } else if (event.type === 'FOCUS') {
    expect(context.cells).toEqual(before.cells)
    expect(context.focused).toBe(typed.index)
  } else if (event.type === 'CLEAR') {
    expect(context.cells).toEqual(['', ''])
    expect(context.focused).toBe(0)
  } else {
    // an invalid character ('-'), a paste of the wrong length ('a12'), a mask delay change or
    // the mask timer leave the cells alone
    expect(context.cells).toEqual(before.cells)
    expect(context.focused).toBe(before.focused)
  }
}

function expectValidCells({ context }: Snapshot): void {
  expect(context.cells).toHaveLength(context.length)
  for (const cell of context.cells) expect(cell).toMatch(/^[A-Z0-9]?$/)
  expect(context.focused).toBeGreaterThanOrEqual(0)
  expect(context.focused).toBeLessThan(context.length)
}

describeMachinePaths(oneTimeCodeMachine, {
  ...pathOptions,
  states: {
    'code.editing': (snapshot, step) => {
      expectValidCells(snapshot)
      expectEffectOf(snapshot, step)
      expect(snapshot.context.cells).toContain('')
    },
    'code.complete': (snapshot, step) => {
      expectValidCells(snapshot)
      expectEffectOf(snapshot, step)
      expect(snapshot.context.cells.join('')).toHaveLength(2)
    },
    'visibility.plain': (snapshot) => {
      expect(snapshot.context.maskDelayMs).toBeNull()
      expect(isCellMasked(snapshot, 0)).toBe(false)
      expect(isCellMasked(snapshot, 1)).toBe(false)
    },
    'visibility.masking.hidden': (snapshot) => {
      expect(snapshot.context.maskDelayMs).toBe(maskDelayMs)
      expect(snapshot.context.revealed).toEqual([])
      expect(isCellMasked(snapshot, 0)).toBe(true)
      expect(isCellMasked(snapshot, 1)).toBe(true)
    },
    'visibility.masking.revealing': (snapshot, { event, previous }) => {
      const { context } = snapshot
      expect(context.maskDelayMs).toBe(maskDelayMs)
      // entered (or restarted) by a new character, which shows; any other event keeps the state
      // (the actions that enter characters set a new `revealed` list)
      const entered = context.revealed !== previous?.context.revealed && context.revealed.length > 0
      if (entered) {
        expect(['TYPE', 'PASTE']).toContain(event.type)
        expect(context.revealed.length).toBeGreaterThan(0)
        for (const index of context.revealed) expect(context.cells[index]).not.toBe('')
      } else {
        expect(previous?.matches({ visibility: { masking: 'revealing' } })).toBe(true)
      }
      for (const index of context.revealed) expect(isCellMasked(snapshot, index)).toBe(false)
      const hidden = [0, 1].filter((index) => !context.revealed.includes(index))
      for (const index of hidden) expect(isCellMasked(snapshot, index)).toBe(true)
    },
  },
})

function start(input: OneTimeCodeInput = {}) {
  return createActor(oneTimeCodeMachine, { input }).start()
}

function collectCodes(actor: ReturnType<typeof start>) {
  const emitted: OneTimeCodeEmitted[] = []
  actor.on('codeChanged', (event) => emitted.push(event))
  return emitted
}

describe('one-time code', () => {
  it('defaults to six numeric cells, shown', () => {
    const actor = start()
    expect(actor.getSnapshot().context).toEqual({
      length: 6,
      mode: 'numeric',
      cells: ['', '', '', '', '', ''],
      focused: 0,
      maskDelayMs: null,
      revealed: [],
    })
    expect(actor.getSnapshot().value).toEqual({ code: 'editing', visibility: 'plain' })
  })

  it('is complete when every cell is typed, moves the focus along and reports each change', () => {
    const actor = start()
    const emitted = collectCodes(actor)
    for (const [index, digit] of [...'123456'].entries()) {
      expect(actor.getSnapshot().matches({ code: 'editing' })).toBe(true)
      expect(actor.getSnapshot().context.focused).toBe(index)
      actor.send({ type: 'TYPE', index, value: digit })
    }
    expect(actor.getSnapshot().matches({ code: 'complete' })).toBe(true)
    expect(actor.getSnapshot().context.cells.join('')).toBe('123456')
    expect(emitted.map((event) => event.code)).toEqual([
      '1',
      '12',
      '123',
      '1234',
      '12345',
      '123456',
    ])
    expect(emitted.map((event) => event.complete)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ])
  })

  it('rejects letters in numeric mode, without reporting a change', () => {
    const actor = start({ mode: 'numeric' })
    const emitted = collectCodes(actor)
    actor.send({ type: 'TYPE', index: 0, value: 'a' })
    actor.send({ type: 'TYPE', index: 0, value: 'Z' })
    expect(actor.getSnapshot().context.cells[0]).toBe('')
    expect(actor.getSnapshot().context.focused).toBe(0)
    expect(emitted).toEqual([])
    expect(normaliseCodeCharacter('a', 'numeric')).toBeNull()
    expect(normaliseCodeCharacter('7', 'numeric')).toBe('7')
  })

  it('upper-cases letters in alphanumeric mode and rejects other characters', () => {
    const actor = start({ mode: 'alphanumeric', length: 4 })
    actor.send({ type: 'TYPE', index: 0, value: 'q' })
    actor.send({ type: 'TYPE', index: 1, value: ' ' })
    actor.send({ type: 'TYPE', index: 1, value: 'é' })
    expect(actor.getSnapshot().context.cells).toEqual(['Q', '', '', ''])
    expect(normaliseCodeCharacter('b', 'alphanumeric')).toBe('B')
    expect(normaliseCodeCharacter('-', 'alphanumeric')).toBeNull()
  })

  it('keeps one character per cell: the one just typed, wherever the caret was', () => {
    const actor = start()
    actor.send({ type: 'TYPE', index: 0, value: '47' })
    expect(actor.getSnapshot().context.cells[0]).toBe('7')
    actor.send({ type: 'TYPE', index: 0, value: '27' })
    expect(actor.getSnapshot().context.cells[0]).toBe('2')
    actor.send({ type: 'TYPE', index: 7, value: '1' })
    expect(actor.getSnapshot().context.cells).toEqual(['2', '', '', '', '', ''])
    expect(typedCharacter('55', '5', 'numeric')).toBe('5')
    expect(typedCharacter('a', '', 'alphanumeric')).toBe('A')
    expect(typedCharacter('', '3', 'numeric')).toBeNull()
  })

  it('spreads a whole code typed or filled into one cell over every cell', () => {
    const actor = start()
    const emitted = collectCodes(actor)
    actor.send({ type: 'TYPE', index: 0, value: '918273' })
    expect(actor.getSnapshot().matches({ code: 'complete' })).toBe(true)
    expect(actor.getSnapshot().context.cells).toEqual(['9', '1', '8', '2', '7', '3'])
    expect(emitted).toEqual([{ type: 'codeChanged', code: '918273', complete: true }])
  })

  it('empties a cell whose input was emptied (a keyboard without Backspace key events)', () => {
    const actor = start()
    actor.send({ type: 'PASTE', text: '123456' })
    actor.send({ type: 'TYPE', index: 2, value: '' })
    expect(actor.getSnapshot().context.cells).toEqual(['1', '2', '', '4', '5', '6'])
    expect(actor.getSnapshot().context.focused).toBe(2)
    expect(actor.getSnapshot().matches({ code: 'editing' })).toBe(true)
  })

  it('fills every cell from a paste of exactly the code length', () => {
    const actor = start()
    actor.send({ type: 'PASTE', text: '654321\n' })
    expect(actor.getSnapshot().matches({ code: 'complete' })).toBe(true)
    expect(actor.getSnapshot().context.cells).toEqual(['6', '5', '4', '3', '2', '1'])
    expect(actor.getSnapshot().context.focused).toBe(5)
  })

  it('ignores a paste of the wrong length or with a rejected character', () => {
    const actor = start()
    for (const text of ['12345', '1234567', '12a456', '']) {
      actor.send({ type: 'PASTE', text })
      expect(actor.getSnapshot().matches({ code: 'editing' })).toBe(true)
      expect(actor.getSnapshot().context.cells).toEqual(['', '', '', '', '', ''])
    }
    expect(normalisePastedCode('ab12', 'alphanumeric', 4)).toEqual(['A', 'B', '1', '2'])
    expect(normalisePastedCode('ab12', 'numeric', 4)).toBeNull()
  })

  it('moves the focus back on Backspace in an empty cell', () => {
    const actor = start()
    actor.send({ type: 'TYPE', index: 0, value: '1' })
    actor.send({ type: 'TYPE', index: 1, value: '2' })
    expect(actor.getSnapshot().context.focused).toBe(2)
    actor.send({ type: 'BACKSPACE', index: 2 })
    expect(actor.getSnapshot().context.focused).toBe(1)
    expect(actor.getSnapshot().context.cells.slice(0, 2)).toEqual(['1', '2'])
    actor.send({ type: 'BACKSPACE', index: 1 })
    expect(actor.getSnapshot().context.cells.slice(0, 2)).toEqual(['1', ''])
    expect(actor.getSnapshot().context.focused).toBe(1)
  })

  it('stays on the first cell on Backspace there', () => {
    const actor = start()
    actor.send({ type: 'BACKSPACE', index: 0 })
    expect(actor.getSnapshot().context.focused).toBe(0)
  })

  it('goes back to editing when a cell of a complete code is emptied', () => {
    const actor = start({ length: 4 })
    actor.send({ type: 'PASTE', text: '1234' })
    actor.send({ type: 'TYPE', index: 1, value: '9' })
    expect(actor.getSnapshot().matches({ code: 'complete' })).toBe(true)
    expect(actor.getSnapshot().context.cells).toEqual(['1', '9', '3', '4'])
    actor.send({ type: 'BACKSPACE', index: 3 })
    expect(actor.getSnapshot().matches({ code: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.cells).toEqual(['1', '9', '3', ''])
  })

  it('masks nothing by default; with a mask delay, shows a new character for that long', () => {
    const clock = new SimulatedClock()
    const actor = createActor(oneTimeCodeMachine, { clock, input: {} }).start()
    actor.send({ type: 'TYPE', index: 0, value: '1' })
    expect(isCellMasked(actor.getSnapshot(), 0)).toBe(false)
    actor.send({ type: 'SET_MASK_DELAY', ms: 1000 })
    expect(isCellMasked(actor.getSnapshot(), 0)).toBe(true)
    actor.send({ type: 'TYPE', index: 1, value: '2' })
    expect(isCellMasked(actor.getSnapshot(), 0)).toBe(true)
    expect(isCellMasked(actor.getSnapshot(), 1)).toBe(false)
    clock.increment(600)
    actor.send({ type: 'TYPE', index: 2, value: '3' })
    clock.increment(600)
    // typing restarted the delay: the newest character is still shown
    expect(isCellMasked(actor.getSnapshot(), 1)).toBe(true)
    expect(isCellMasked(actor.getSnapshot(), 2)).toBe(false)
    clock.increment(400)
    expect(isCellMasked(actor.getSnapshot(), 2)).toBe(true)
    actor.send({ type: 'SET_MASK_DELAY', ms: null })
    expect(isCellMasked(actor.getSnapshot(), 2)).toBe(false)
    expect(actor.getSnapshot().context.cells.join('')).toBe('123')
    actor.stop()
  })
})
