import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CallName, callNames, calls } from '#api/contract'
import { handlers } from '#server/actions'
import { maxBodyBytes } from '#server/app'
import { demoCredentials } from '#server/seed/demo-data'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

const [demo] = demoCredentials

describe.each(databaseTargets)('the RPC protocol on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('refuses an unknown action with 400 and names it', async () => {
    const answer = await t.raw.action('nosuch')
    expect(answer).toEqual({
      status: 400,
      body: { error: true, message: "Unknown action 'nosuch'." },
    })
  })

  it('refuses an unknown crud call, and a crud name sent as an action', async () => {
    expect((await t.raw.crud('nosuch')).body.message).toBe("Unknown crud call 'nosuch'.")
    expect((await t.raw.action('userlogin')).body.message).toBe("Unknown action 'userlogin'.")
    expect((await t.raw.crud('getstatement')).status).toBe(400)
  })

  it('asks for the action marker when there is none', async () => {
    const response = await t.app.request('/api/users', {
      method: 'POST',
      body: new URLSearchParams({ a: 'b' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: expect.stringContaining("'action'") })
  })

  it('names each missing or malformed field', async () => {
    const missing = await t.crud('signIn', { email: demo.email })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Your passcode is required.')
    const malformed = await t.crud('verifyEmail', {
      email: 'not-an-email',
      verificationCode: '12ab',
    })
    expect(malformed.body.message).toBe(
      'The e-mail address must look like name@example.com. The verification code must be 6 digits.',
    )
  })

  it('refuses a file where text belongs, and text where a file belongs', async () => {
    const fileForText = await t.crud('identifyCustomer', { email: new Blob(['x']) })
    expect(fileForText).toMatchObject({
      status: 400,
      body: { message: "The field 'email' of iduser must not be a file." },
    })
    const token = await t.login(demo.email, demo.secret)
    const textForFile = await t.action('updatePicture', { token, profilePic: 'picture.png' })
    expect(textForFile).toMatchObject({
      status: 400,
      body: { message: 'Your picture must be a file.' },
    })
  })

  it('refuses a field sent twice', async () => {
    const body = new URLSearchParams([
      ['email', 'a@b.example'],
      ['email', 'c@d.example'],
    ])
    const response = await t.app.request('/api/users?crud=iduser', { method: 'POST', body })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: true,
      message: "The field 'email' was sent more than once.",
    })
  })

  it('refuses JSON and other body types', async () => {
    const response = await t.app.request('/api/users?crud=iduser', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.email }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(/form-encoded/)
  })

  it('refuses an oversized body with 413 before reading it', async () => {
    const response = await t.app.request('/api/users?crud=iduser', {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(maxBodyBytes + 1),
      },
      body: `email=${'a'.repeat(maxBodyBytes + 1)}`,
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      error: true,
      message: 'The request body is too large (at most 16 MB).',
    })
  })

  it('answers 405 to other methods', async () => {
    const response = await t.app.request('/api/users')
    expect(response.status).toBe(405)
  })

  it('answers 401 to a session call without a token or with a bad one', async () => {
    expect((await t.action('dashboard')).status).toBe(401)
    const bad = await t.action('dashboard', { token: 'not-a-token' })
    expect(bad).toEqual({
      status: 401,
      body: { error: true, message: 'Your session has ended. Please log in again.' },
    })
  })

  // A session call without required fields that has no handler yet, if any is left.
  const unbuilt = callNames.find(
    (name) =>
      !(name in handlers) &&
      calls[name].kind === 'action' &&
      calls[name].access === 'session' &&
      v.safeParse(calls[name].request, {}).success,
  )
  it.runIf(unbuilt)('answers 501 for a call whose feature is not built yet', async () => {
    const token = await t.login(demo.email, demo.secret)
    const marker = calls[unbuilt as CallName].wire
    const answer = await t.raw.action(marker, { token })
    expect(answer).toEqual({
      status: 501,
      body: { error: true, message: `${marker} is not implemented yet.` },
    })
  })

  it('never answers 500 or leaks a stack to arbitrary input', async () => {
    const nasty = [
      '',
      ' ',
      '\u0000',
      '%',
      "' OR 1=1 --",
      'x'.repeat(5000),
      '{"$ne":null}',
      '<script>',
      '-1',
      '1e309',
    ]
    const names = ['userlogin', 'iduser', 'verifyuser', 'newuser', 'userforgot', 'nosuch']
    for (const name of names) {
      for (const value of nasty) {
        const answer = await t.raw.crud(name, {
          email: value,
          password: value,
          action: value,
          ver_code: value,
        })
        expect(answer.status, `${name} with ${JSON.stringify(value.slice(0, 20))}`).toBeLessThan(
          500,
        )
        expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.ts:\d+/)
      }
    }
  })
})
