import { describe, expect, it } from 'vitest'
import { initialTransition, setup } from 'xstate'
import {
  activeLeafNodes,
  activeStateNodes,
  actorAnswerOf,
  createSimulator,
  eventsToTry,
  sendableEventTypes,
  vertexKey,
} from '#dev/flows/machine-graph'

/** The graph walk the flow explorer and the generated path tests share. */

const form = setup({
  guards: { isComplete: () => false },
}).createMachine({
  id: 'form',
  type: 'parallel',
  on: { RESET: '.fields.empty' },
  states: {
    fields: {
      initial: 'empty',
      states: {
        empty: {
          on: {
            TYPE: { target: 'filled' },
            SUBMIT: [{ guard: 'isComplete', target: 'filled' }, { target: 'empty' }],
          },
          always: { guard: 'isComplete', target: 'filled' },
        },
        filled: { type: 'final' },
      },
      onDone: '.empty',
    },
    clock: { initial: 'ticking', states: { ticking: { after: { 1000: 'ticking' } } } },
  },
})

describe('machine graph', () => {
  const [start] = initialTransition(form)

  it('lists the active states once each, parents first, and the active leaves', () => {
    expect(activeStateNodes(start).map((node) => node.id)).toEqual([
      'form',
      'form.fields',
      'form.fields.empty',
      'form.clock',
      'form.clock.ticking',
    ])
    expect(activeLeafNodes(start).map((node) => node.id)).toEqual([
      'form.fields.empty',
      'form.clock.ticking',
    ])
  })

  it('offers every event type the active states declare, guarded ones included', () => {
    expect(sendableEventTypes(start)).toEqual([
      'TYPE',
      'SUBMIT',
      'RESET',
      'xstate.after.1000.form.clock.ticking',
    ])
  })

  it('tries supplied payloads for the events they name and the rest bare', () => {
    const events = eventsToTry(start, () => [
      { type: 'TYPE', text: 'a' },
      { type: 'TYPE', text: 'b' },
      { type: 'NOT_HERE' },
    ])
    expect(events).toEqual([
      { type: 'TYPE', text: 'a' },
      { type: 'TYPE', text: 'b' },
      { type: 'SUBMIT' },
      { type: 'RESET' },
      { type: 'xstate.after.1000.form.clock.ticking' },
    ])
  })

  it('keys a vertex by state value and incoming event type, not context', () => {
    expect(vertexKey(start)).toBe('{"fields":"empty","clock":"ticking"}')
    expect(vertexKey(start, { type: 'TYPE', text: 'a' })).toBe(
      '{"fields":"empty","clock":"ticking"} via TYPE',
    )
  })

  it('reads invoked actors’ answers back', () => {
    expect(actorAnswerOf('xstate.done.actor.login')).toEqual({ kind: 'done', id: 'login' })
    expect(actorAnswerOf('xstate.error.actor.a.b')).toEqual({ kind: 'error', id: 'a.b' })
    expect(actorAnswerOf('SUBMIT')).toBeNull()
  })

  it('simulates event sequences purely, computing a shared beginning once', () => {
    const simulate = createSimulator(form, undefined)
    const first = simulate([{ type: 'TYPE' }, { type: 'RESET' }])
    const second = simulate([{ type: 'TYPE' }, { type: 'SUBMIT' }])
    expect(first.map((step) => step.event.type)).toEqual(['xstate.init', 'TYPE', 'RESET'])
    expect(first.map((step) => step.snapshot.value)).toEqual([
      { fields: 'empty', clock: 'ticking' },
      { fields: 'empty', clock: 'ticking' },
      { fields: 'empty', clock: 'ticking' },
    ])
    expect(second[1]?.snapshot).toBe(first[1]?.snapshot)
  })
})
