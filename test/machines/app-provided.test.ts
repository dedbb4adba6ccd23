import { describe, expect, it } from 'vitest'
import { createActor, setup, toPromise } from 'xstate'
import { appCall, appEffects, redirectDelay } from '#machines/app-provided'

/** What every machine leaves to the app (src/machines/app-provided.ts). */
describe('app-provided pieces', () => {
  it('an API call the screen forgot to provide fails loudly, naming the call', async () => {
    const machine = setup({
      actors: { supportContacts: appCall('supportContacts') },
    }).createMachine({
      invoke: { src: 'supportContacts', input: {} },
    })
    const actor = createActor(machine)
    const failed = toPromise(actor)
    actor.start()
    await expect(failed).rejects.toThrow('supportContacts is provided by the app')
  })

  it('an effect the screen did not provide does nothing', () => {
    expect(appEffects.goToLogin({}, undefined)).toBeUndefined()
    expect(appEffects.storeSessionToken({}, { token: 't', remember: false })).toBeUndefined()
  })

  it('keeps the spec’s 5 s redirect delay (section 9)', () => {
    expect(redirectDelay).toBe(5000)
  })
})
