import { describe, expect, it } from 'vitest'
import { createActor, setup, toPromise } from 'xstate'
import { browserStep, staffAppCall } from '#machines/staff-calls'

/** What the console's statecharts leave to the console (src/machines/staff-calls.ts). */
describe('staff-provided pieces', () => {
  it('a staff call the console forgot to provide fails loudly, naming the call', async () => {
    const machine = setup({ actors: { whoami: staffAppCall('whoami') } }).createMachine({
      invoke: { src: 'whoami', input: {} },
    })
    const actor = createActor(machine)
    const failed = toPromise(actor)
    actor.start()
    await expect(failed).rejects.toThrow('whoami is provided by the console')
  })

  it('a browser step the console forgot to provide fails loudly, naming the step', async () => {
    const machine = setup({
      actors: { askPasskey: browserStep<unknown, unknown>('askPasskey') },
    }).createMachine({ invoke: { src: 'askPasskey', input: {} } })
    const actor = createActor(machine)
    const failed = toPromise(actor)
    actor.start()
    await expect(failed).rejects.toThrow('askPasskey is provided by the console')
  })
})
