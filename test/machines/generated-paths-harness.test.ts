import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, assign, fromPromise, setup } from 'xstate'
import {
  findUnassertedStates,
  formatCoverageLine,
  generateMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
  replayPath,
} from '../harness/generated-paths'
import { keyAssertions, runStateAssertions } from '../harness/state-assertions'

const noop = () => {}

const switchMachine = setup({
  guards: { never: () => false },
}).createMachine({
  id: 'switch',
  initial: 'idle',
  states: {
    idle: { on: { START: 'running' } },
    running: {
      on: { STOP: 'stopped', EXPLODE: { guard: 'never', target: 'unreachable' } },
    },
    stopped: { type: 'final' },
    unreachable: {},
  },
})

const fetchMachine = setup({
  types: { context: {} as { result: string | null; failed: boolean } },
  actors: { fetchThing: fromPromise<string>(async () => 'real') },
}).createMachine({
  id: 'fetcher',
  context: { result: null, failed: false },
  initial: 'waiting',
  states: {
    waiting: { after: { 500: 'loading' } },
    loading: {
      invoke: {
        id: 'fetchThing',
        src: 'fetchThing',
        onDone: { target: 'loaded', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'waiting', actions: assign({ failed: true }) },
      },
    },
    loaded: { type: 'final' },
  },
})

const fetchEvents = () => [
  { type: 'xstate.done.actor.fetchThing', output: 'from the path' },
  { type: 'xstate.error.actor.fetchThing', error: new Error('offline') },
]

describe('generated paths harness', () => {
  it('names the reachable states that have no assertion', () => {
    const holes = findUnassertedStates(switchMachine, { states: { idle: noop, running: noop } })
    expect(holes).toEqual(['stopped'])
    expect(findUnassertedStates(switchMachine, { states: { idle: noop } })).toEqual([
      'running',
      'stopped',
    ])
  })

  it('fails a replay that reaches a state without an assertion', async () => {
    const keyed = keyAssertions(switchMachine, { idle: noop, running: noop })
    const path = generateMachinePaths(switchMachine).find((p) => p.name === 'START → STOP')
    expect(path).toBeDefined()
    if (!path) return
    await expect(
      replayPath(
        switchMachine,
        path,
        {},
        {
          onStep: (snapshot, _step, context) => runStateAssertions(snapshot, context, keyed),
        },
      ),
    ).rejects.toThrow('no assertion registered for state stopped')
  })

  it('rejects a state key that names no state', () => {
    expect(() => findUnassertedStates(switchMachine, { states: { idel: noop } })).toThrow(
      'Unknown state "idel" in machine "switch"',
    )
  })

  it('reports what the paths do not reach, as data and as a line', async () => {
    const coverage = await measureMachineCoverage(switchMachine)
    expect(coverage.states).toEqual({ covered: 3, total: 4, missing: ['unreachable'] })
    expect(coverage.transitions).toEqual({
      covered: 2,
      total: 3,
      missing: ['switch.running --EXPLODE [never]--> switch.unreachable'],
    })
    expect(isFullCoverage(coverage)).toBe(false)
    expect(formatCoverageLine(coverage)).toBe('coverage switch: states 3/4, transitions 2/3')
  })

  it('replays delays on the simulated clock and settles invoked promises as the path says', async () => {
    const paths = generateMachinePaths(fetchMachine, { events: fetchEvents })
    expect(paths.map((path) => path.name)).toEqual([
      'xstate.after.500.fetcher.waiting → xstate.done.actor.fetchThing',
      'xstate.after.500.fetcher.waiting → xstate.error.actor.fetchThing → xstate.after.500.fetcher.waiting',
    ])
    const seen: string[] = []
    for (const path of paths) {
      await replayPath(
        fetchMachine,
        path,
        {},
        {
          onStep: (snapshot: AnyMachineSnapshot, _step, { invocations }) => {
            seen.push(`${String(snapshot.value)} ${JSON.stringify(snapshot.context)}`)
            if (snapshot.matches('loading')) expect(invocations.at(-1)?.src).toBe('fetchThing')
          },
        },
      )
    }
    expect(seen).toContain('loaded {"result":"from the path","failed":false}')
    expect(seen).toContain('waiting {"result":null,"failed":true}')
    const coverage = await measureMachineCoverage(fetchMachine, { events: fetchEvents })
    expect(formatCoverageLine(coverage)).toBe('coverage fetcher: states 3/3, transitions 3/3')
  })

  it('catches a timer the live actor never restarts, which the pure graph cannot see', async () => {
    const broken = setup({}).createMachine({
      id: 'broken',
      initial: 'ticking',
      context: { ticks: 0 },
      states: {
        // targetless: the state is not re-entered, so the timer is not set again
        ticking: {
          after: { 1000: { actions: assign({ ticks: ({ context }) => context.ticks + 1 }) } },
        },
      },
    })
    const path = generateMachinePaths(broken, { simplePaths: { maxSteps: 2 } }).at(-1)
    expect(path?.name).toBe('xstate.after.1000.broken.ticking → xstate.after.1000.broken.ticking')
    if (!path) return
    await expect(replayPath(broken, path)).rejects.toThrow(
      'xstate.after.1000.broken.ticking is not scheduled',
    )
  })

  it('fails when the machine is not in the state the path expects', async () => {
    const [path] = generateMachinePaths(switchMachine)
    if (!path) throw new Error('no path')
    const wrong = {
      ...path,
      steps: path.steps.map((step, index) => (index === 1 ? { ...step, value: 'stopped' } : step)),
    }
    await expect(replayPath(switchMachine, wrong)).rejects.toThrow(
      'step 1 (START): expected state "stopped", the machine is in "running"',
    )
  })

  it('dedupes paths: none is the prefix of another, and names are unique', () => {
    const paths = generateMachinePaths(switchMachine)
    const names = paths.map((path) => path.name)
    // the guarded EXPLODE is ignored in running, and that self-edge is on a path too
    expect(names).toEqual(['START → STOP', 'START → EXPLODE → STOP', 'START → EXPLODE → EXPLODE'])
    expect(new Set(names).size).toBe(names.length)
    const types = paths.map((path) => path.steps.map((step) => step.event.type))
    for (const [index, events] of types.entries()) {
      const isPrefix = (other: string[]) => events.every((type, at) => other[at] === type)
      expect(types.filter((other, at) => at !== index && isPrefix(other))).toEqual([])
    }
  })
})
