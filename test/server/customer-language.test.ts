import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressLimit } from '#server/auth/failure-log'
import { users } from '#server/db/schema'
import { staffApiPath } from '#server/staff/dispatcher'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { recordMovement } from './support/history'
import { lastMailTo } from './support/mailbox'
import { pdfText } from './support/pdf-text'
import { startTestApp, type TestApp, TestBrowser } from './support/test-app'

/** A browser whose page speaks Spanish: every call asks in it, as src/api/client.ts does. */
class SpanishBrowser extends TestBrowser {
  override headers() {
    return { ...super.headers(), 'accept-language': 'es' }
  }
}

const png = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)

describe.each(databaseTargets)("the customer's language on %s (decision 091)", (target) => {
  let t: TestApp
  let serial = 0
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())
  beforeEach(() => t.clock.advance(addressLimit.windowMs))

  const languageOf = async (email: string) =>
    (await t.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]
      ?.language

  it('a signup in Spanish is answered and e-mailed in Spanish, and keeps Spanish', async () => {
    serial++
    const email = `lucia${serial}@example.com`
    const answer = await t.in(new SpanishBrowser()).crud('signUp', {
      firstName: 'Lucía',
      lastName: 'Gómez',
      username: `lucia${serial}`,
      email,
      password: '246810',
      fullname: 'Lucía Gómez',
    })
    expect(answer.body).toEqual({
      error: false,
      message:
        'Su cuenta se ha creado. Introduzca el código de 6 dígitos que le hemos enviado por correo electrónico.',
      data: { email },
    })
    const mail = await lastMailTo(t.db, email)
    expect(mail.subject).toBe('Meridian Bank: su código de verificación')
    expect(mail.textBody).toMatch(/^Estimado cliente:\n\nUtilice este código para verificar/)
    expect(mail.textBody).toContain('Meridian Bank nunca le pedirá su código de acceso ni su PIN.')
    expect(mail.htmlBody).toContain('<html lang="es">')
    expect(await languageOf(email)).toBe('es')
  })

  it('a signup without Accept-Language is the spec English, and keeps English', async () => {
    serial++
    const email = `nora${serial}@example.com`
    await t.crud('signUp', {
      firstName: 'Nora',
      lastName: 'Lind',
      username: `nora${serial}`,
      email,
      password: '246810',
      fullname: 'Nora Lind',
    })
    const mail = await lastMailTo(t.db, email)
    expect(mail.subject).toBe('Meridian Bank: your verification code')
    expect(mail.textBody).toMatch(/^Hello,\n\nUse this code to verify your e-mail address\./)
    expect(await languageOf(email)).toBe('en')
  })

  it('a sign-in keeps its language, and a later e-mail the bank sends is written in it', async () => {
    const customer = await createCustomer(t, { verificationStatus: 'Not Verified' })
    expect(await languageOf(customer.email)).toBe('en')
    const spanish = t.in(new SpanishBrowser())
    const signIn = await spanish.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(await languageOf(customer.email)).toBe('es')
    const image = (name: string) => new File([png], name, { type: 'image/png' })
    const submitted = await spanish.action('submitKyc', {
      token: signIn.body.jwt as string,
      country: 'Spain',
      phone: '+34 600 000 000',
      homeAddress: 'Calle Mayor 1, Madrid',
      dateOfBirth: '1988-04-12',
      pic: image('me.png'),
      type: 'International Passport',
      documentNumber: 'PAE123456',
      documentCountry: 'ES',
      documentExpiry: '2031-06-30',
      idcardFront: image('front.png'),
      idcardBack: image('back.png'),
    })
    expect(submitted.body).toMatchObject({
      status: true,
      message:
        'Sus documentos se han enviado. Le escribiremos por correo electrónico cuando termine la revisión.',
    })

    // The operator's decision comes with no request of the customer's: the kept language writes.
    await t.command('kyc approve', customer.email)
    const decided = await lastMailTo(t.db, customer.email)
    expect(decided.subject).toBe('Meridian Bank: su cuenta está verificada')
    expect(decided.textBody).toContain('Buenas noticias: hemos revisado sus documentos')

    // Signing in from an English page makes English the customer's language again.
    await t.crud('signIn', { email: customer.email, password: customer.passcode })
    expect(await languageOf(customer.email)).toBe('en')
  })

  it("Settings' language switch keeps the page's language for the e-mails at once", async () => {
    const customer = await createCustomer(t)
    const signIn = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    const token = signIn.body.jwt as string
    expect(await languageOf(customer.email)).toBe('en')

    const kept = await t.in(new SpanishBrowser()).action('keepLanguage', { token })
    expect(kept.body).toEqual({ language: 'es' })
    expect(await languageOf(customer.email)).toBe('es')

    // The next e-mail is written in it, whatever language the call that causes it asks in.
    const changed = await t.action('changePasscode', {
      token,
      current: customer.passcode,
      next: '246810',
      confirmation: '246810',
    })
    expect(changed.status).toBe(200)
    expect((await lastMailTo(t.db, customer.email)).htmlBody).toContain('<html lang="es">')

    // Without a session nothing is kept.
    expect((await t.action('keepLanguage', {})).status).toBe(401)
  })

  it("the security log's events read Spanish on a Spanish page, English otherwise", async () => {
    const customer = await createCustomer(t)
    const signIn = await t.crud('signIn', { email: customer.email, password: customer.passcode })
    const token = signIn.body.jwt as string
    await t.action('changePasscode', {
      token,
      current: customer.passcode,
      next: '246810',
      confirmation: '246810',
    })
    const eventsAskedIn = async (browser: TestBrowser) =>
      (
        (await t.in(browser).action('securityLog', { token })).body.events as { what: string }[]
      ).map((event) => event.what)
    expect(await eventsAskedIn(new SpanishBrowser())).toEqual([
      'Código de acceso cambiado',
      'Inicio de sesión',
    ])
    expect(await eventsAskedIn(new TestBrowser())).toEqual(['Passcode changed', 'Signed in'])
  })

  it('a statement and a receipt downloaded from a Spanish page are PDFs in Spanish', async () => {
    const customer = await createCustomer(t)
    await recordMovement(t.db, customer.id, {
      name: 'Opening deposit',
      direction: 'credit',
      amount: 500_000,
      at: new Date('2026-01-03T10:00:00Z'),
    })
    const movement = await recordMovement(t.db, customer.id, {
      name: 'Transfer to Ana Ruiz',
      direction: 'debit',
      amount: 123_450,
      at: new Date('2026-02-03T10:00:00Z'),
    })
    const token = await t.login(customer.email, customer.passcode)
    const spanishDownload = async (action: string, fields: Record<string, string>) => {
      const response = await t.download(action, { token, ...fields }, { 'accept-language': 'es' })
      expect(response.status).toBe(200)
      return pdfText(new Uint8Array(await response.arrayBuffer()))
    }

    const statement = await spanishDownload('statementpdf', {
      from: '2026-02-01',
      to: '2026-02-28',
    })
    expect(statement).toContain('Extracto de cuenta')
    expect(statement).toContain('01/02/2026 a 28/02/2026')
    expect(statement).toContain('Transferencia a Ana Ruiz')
    expect(statement).toContain('-1.234,50\u00a0$')
    expect(statement).toContain('Página 1 de 1')
    expect(statement).not.toContain('Account statement')

    const receipt = await spanishDownload('receiptpdf', { receiptId: movement.ref2 })
    expect(receipt).toContain('Recibo de transferencia')
    expect(receipt).toContain('Importe\n-1.234,50\u00a0$')
  })

  it('a forgot-passcode e-mail is in the language of the page that asked for it', async () => {
    const customer = await createCustomer(t)
    await t
      .in(new SpanishBrowser())
      .crud('resetPasscode', { action: 'code', email: customer.email })
    const mail = await lastMailTo(t.db, customer.email)
    expect(mail.subject).toBe('Meridian Bank: restablezca su código de acceso')
    expect(await languageOf(customer.email)).toBe('en')
  })

  it('a refused sign-in reads Spanish when asked in Spanish, the spec English otherwise, on the same wire', async () => {
    // One wrong try each, so that both answers say the same tries left.
    const [one, other] = [await createCustomer(t), await createCustomer(t)]
    const english = await t.crud('signIn', { email: one.email, password: '000000' })
    const spanish = await t
      .in(new SpanishBrowser())
      .crud('signIn', { email: other.email, password: '000000' })
    expect(english.body.message).toBe('Invalid Credentials')
    expect(spanish.body.message).toBe('Credenciales no válidas')
    expect(spanish.status).toBe(english.status)
    expect(Object.keys(spanish.body).sort()).toEqual(Object.keys(english.body).sort())
    expect({ ...spanish.body, message: '' }).toEqual({ ...english.body, message: '' })
  })

  it('refusals before any handler (a bad field, an ended session) are in the request language', async () => {
    const browser = new SpanishBrowser()
    const badField = await t.in(browser).crud('signIn', { email: 'not-an-address', password: '1' })
    expect(badField.status).toBe(400)
    expect(badField.body.message).toBe(
      'La dirección de correo electrónico debe tener la forma nombre@ejemplo.com.',
    )
    const ended = await t.in(browser).action('dashboard', { token: 'no-such-token' })
    expect(ended).toMatchObject({
      status: 401,
      body: { error: true, message: 'Su sesión ha finalizado. Inicie sesión de nuevo.' },
    })
    const englishEnded = await t.action('dashboard', { token: 'no-such-token' })
    expect(englishEnded.body.message).toBe('Your session has ended. Please log in again.')
  })

  it("the staff console's calls stay English whatever the browser asks", async () => {
    const ask = (headers: Record<string, string>) =>
      t.app.request(staffApiPath, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...headers },
        body: 'x',
      })
    const english = await ask({})
    const spanish = await ask({ 'accept-language': 'es' })
    expect(spanish.status).toBe(english.status)
    expect(await spanish.json()).toEqual(await english.json())
  })
})
