import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCredentials } from '#server/seed/demo-data'
import { bothDatabases } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * The server tests' client is typed by the contract (support/call-fields.ts): the misuses
 * marked `@ts-expect-error` are typecheck errors (`npm run typecheck` fails if one compiles),
 * and the server refuses them too.
 */

const [demo] = demoCredentials

describe.each(bothDatabases)('the server test client on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('sends the contract calls by name with their fields, the token among them', async () => {
    const login = await t.crud('signIn', { email: demo.email, password: demo.secret })
    expect(login.status).toBe(200)
    expect(typeof login.body.jwt).toBe('string')
    const profile = await t.action('customerProfile', { token: String(login.body.jwt) })
    expect(profile.body.user).toMatchObject({ username: 'dana' })
  })

  it('rejects misspelt calls and fields at typecheck; the server refuses them as well', async () => {
    const answers = [
      // @ts-expect-error a misspelt crud call
      await t.crud('userlogn', { email: demo.email }),
      // @ts-expect-error a misspelt field
      await t.crud('signIn', { emial: demo.email, password: demo.secret }),
      // @ts-expect-error an action sent as a crud call
      await t.crud('dashboard', {}),
      // @ts-expect-error a crud call sent as an action
      await t.action('signIn', { email: demo.email, password: demo.secret }),
      // @ts-expect-error a misspelt field, from a client address
      await t.from('203.0.113.7').crud('signIn', { email: demo.email, pasword: demo.secret }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400])
  })

  it('leaves out a field given as undefined, as a form does', async () => {
    const answer = await t.crud('identifyCustomer', { email: undefined })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('The e-mail address is required.')
  })

  it('sends what the contract does not name through `raw`', async () => {
    const answer = await t.raw.crud('nosuch', { anything: 'at all' })
    expect(answer.body).toMatchObject({ error: true, message: "Unknown crud call 'nosuch'." })
  })
})
