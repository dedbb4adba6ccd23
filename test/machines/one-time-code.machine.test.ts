import { describe, expect, it } from 'vitest'
import { type AnyEventObject, createActor, type SnapshotFrom } from 'xstate'
import {
  normaliseCodeCharacter,
  normalisePastedCode,
  type OneTimeCodeEvent,
  type OneTimeCodeInput,
  oneTimeCodeMachine,
} from '../../src/machines/one-time-code.machine'
import {
  describeMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
  type StepContext,
} from '../harness/generated-paths'

type Snapshot = SnapshotFrom<typeof oneTimeCodeMachine>

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
      { type: 'PASTE', text: 'a1' },
      { type: 'PASTE', text: 'a12' },
      { type: 'BACKSPACE', index: context.focused },
      ...(firstFilled >= 0 && firstFilled !== context.focused
        ? [{ type: 'BACKSPACE' as const, index: firstFilled }]
        : []),
      { type: 'FOCUS', index: 0 },
      { type: 'CLEAR' },
    ]
  },
}

/** What the event of a step must have done to the cells and the focus. */
function expectEffectOf({ context }: Snapshot, { event, previous }: StepContext<Snapshot>): void {
  const before = previous?.context
  const typed = event as AnyEventObject & Partial<{ index: number; value: string; text: string }>
  if (!before || event.type === 'xstate.init') {
    expect(context).toEqual({ length: 2, mode: 'alphanumeric', cells: ['', ''], focused: 0 })
  } else if (event.type === 'TYPE' && typed.value === 'k') {
    expect(context.cells[typed.index ?? -1]).toBe('K')
    expect(context.focused).toBe(Math.min((typed.index ?? 0) + 1, 1))
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
    // an invalid character ('-') or a paste of the wrong length ('a12') is ignored
    expect(context).toEqual(before)
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
    editing: (snapshot, step) => {
      expectValidCells(snapshot)
      expectEffectOf(snapshot, step)
      expect(snapshot.context.cells).toContain('')
    },
    complete: (snapshot, step) => {
      expectValidCells(snapshot)
      expectEffectOf(snapshot, step)
      expect(snapshot.context.cells.join('')).toHaveLength(2)
    },
  },
})

function start(input: OneTimeCodeInput = {}) {
  return createActor(oneTimeCodeMachine, { input }).start()
}

describe('one-time code', () => {
  it('defaults to six numeric cells', () => {
    const actor = start()
    expect(actor.getSnapshot().context).toEqual({
      length: 6,
      mode: 'numeric',
      cells: ['', '', '', '', '', ''],
      focused: 0,
    })
  })

  it('is complete when every cell is typed, and moves the focus along', () => {
    const actor = start()
    for (const [index, digit] of [...'123456'].entries()) {
      expect(actor.getSnapshot().value).toBe('editing')
      expect(actor.getSnapshot().context.focused).toBe(index)
      actor.send({ type: 'TYPE', index, value: digit })
    }
    expect(actor.getSnapshot().value).toBe('complete')
    expect(actor.getSnapshot().context.cells.join('')).toBe('123456')
  })

  it('rejects letters in numeric mode', () => {
    const actor = start({ mode: 'numeric' })
    actor.send({ type: 'TYPE', index: 0, value: 'a' })
    actor.send({ type: 'TYPE', index: 0, value: 'Z' })
    expect(actor.getSnapshot().context.cells[0]).toBe('')
    expect(actor.getSnapshot().context.focused).toBe(0)
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

  it('keeps one character per cell: the last one typed', () => {
    const actor = start()
    actor.send({ type: 'TYPE', index: 0, value: '47' })
    expect(actor.getSnapshot().context.cells[0]).toBe('7')
    actor.send({ type: 'TYPE', index: 7, value: '1' })
    expect(actor.getSnapshot().context.cells).toEqual(['7', '', '', '', '', ''])
  })

  it('fills every cell from a paste of exactly the code length', () => {
    const actor = start()
    actor.send({ type: 'PASTE', text: '654321\n' })
    expect(actor.getSnapshot().value).toBe('complete')
    expect(actor.getSnapshot().context.cells).toEqual(['6', '5', '4', '3', '2', '1'])
    expect(actor.getSnapshot().context.focused).toBe(5)
  })

  it('ignores a paste of the wrong length or with a rejected character', () => {
    const actor = start()
    for (const text of ['12345', '1234567', '12a456', '']) {
      actor.send({ type: 'PASTE', text })
      expect(actor.getSnapshot().value).toBe('editing')
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
    expect(actor.getSnapshot().value).toBe('complete')
    expect(actor.getSnapshot().context.cells).toEqual(['1', '9', '3', '4'])
    actor.send({ type: 'BACKSPACE', index: 3 })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.cells).toEqual(['1', '9', '3', ''])
  })

  it('covers every state and transition with the generated paths', async () => {
    const coverage = await measureMachineCoverage(oneTimeCodeMachine, pathOptions)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(coverage.states.total).toBe(2)
    expect(coverage.transitions.total).toBe(8)
    expect(isFullCoverage(coverage)).toBe(true)
  })
})
