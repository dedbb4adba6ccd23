import { formatDateOf } from '#api/day-month-year'
import type { Language } from '#api/languages'
import { wordsIn } from '#api/words'
import type { OutgoingMail } from './outbox'

/**
 * The e-mails the portal sends, as plain text and simple HTML. They carry no secret other than
 * the one code they exist for, and no text a customer typed (names included): a signup with
 * someone else's address must not be able to put the signer's words into that person's inbox.
 * See docs/decisions/006-signup-and-recovery.md.
 */
export const bankName = 'Meridian Bank'

export type Block = string | { code: string } | { link: string; label: string }

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

/** The words every e-mail shares, in each language (docs/decisions/091). */
const shared = {
  en: {
    hello: 'Hello,',
    signature: `${bankName} will never ask you for your passcode or PIN.`,
    notYou: 'If you did not ask for this, you can ignore this e-mail.',
    contactUs: 'If you did not do this, contact us at once.',
  },
  es: {
    hello: 'Estimado cliente:',
    signature: `${bankName} nunca le pedirá su código de acceso ni su PIN.`,
    notYou: 'Si usted no lo ha solicitado, puede ignorar este correo.',
    contactUs: 'Si no ha sido usted, póngase en contacto con nosotros de inmediato.',
  },
} satisfies Record<Language, Record<string, string>>

export function compose(
  to: string,
  subject: string,
  blocks: Block[],
  language: Language = 'en',
): OutgoingMail {
  const words = shared[language]
  const all: Block[] = [words.hello, ...blocks, `${bankName}\n${words.signature}`]
  const text = all
    .map((block) => {
      if (typeof block === 'string') return block
      if ('code' in block) return `    ${block.code}`
      return `${block.label}:\n${block.link}`
    })
    .join('\n\n')
  const html = all
    .map((block) => {
      if (typeof block === 'string') return `<p>${escapeHtml(block).replaceAll('\n', '<br>')}</p>`
      if ('code' in block)
        return `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(block.code)}</p>`
      return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`
    })
    .join('\n')
  return {
    to,
    subject: `${bankName}: ${subject}`,
    text: `${text}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">\n${html}\n</body></html>\n`,
  }
}

/** One e-mail in each language: its subject and blocks, from the same values. */
type Written<A extends unknown[]> = Record<Language, (...values: A) => [string, Block[]]>

/** A customer's e-mail, written in `language`. */
const mail =
  <A extends unknown[]>(written: Written<A>) =>
  (to: string, language: Language, ...values: A) => {
    const [subject, blocks] = written[language](...values)
    return compose(to, subject, blocks, language)
  }

export const verificationCodeMail = mail<[code: string]>({
  en: (code) => [
    'your verification code',
    [
      'Use this code to verify your e-mail address. It is valid for 10 minutes.',
      { code },
      shared.en.notYou,
    ],
  ],
  es: (code) => [
    'su código de verificación',
    [
      'Utilice este código para verificar su dirección de correo electrónico. Es válido durante 10 minutos.',
      { code },
      shared.es.notYou,
    ],
  ],
})

export const signupWithRegisteredEmailMail = mail<[]>({
  en: () => [
    'someone tried to open an account with your e-mail',
    [
      `Someone, perhaps you, tried to open a new ${bankName} account with this e-mail address. It already belongs to an account, so nothing was opened and nothing was changed.`,
      'If it was you: log in with your passcode, or choose "Forgot passcode" on the login page to set a new one.',
      'If it was not you, you can ignore this e-mail.',
    ],
  ],
  es: () => [
    'alguien ha intentado abrir una cuenta con su correo electrónico',
    [
      `Alguien, quizá usted, ha intentado abrir una nueva cuenta en ${bankName} con esta dirección de correo electrónico. La dirección ya pertenece a una cuenta, por lo que no se ha abierto ni modificado nada.`,
      'Si ha sido usted: inicie sesión con su código de acceso o elija «¿Olvidó su código de acceso?» en la página de inicio de sesión para establecer uno nuevo.',
      'Si no ha sido usted, puede ignorar este correo.',
    ],
  ],
})

export const passcodeResetMail = mail<[code: string, link: string]>({
  en: (code, link) => [
    'reset your passcode',
    [
      'Use this code to set a new passcode. It is valid for 10 minutes.',
      { code },
      { link, label: 'Or open this link to reset your passcode' },
      shared.en.notYou,
    ],
  ],
  es: (code, link) => [
    'restablezca su código de acceso',
    [
      'Utilice este código para establecer un nuevo código de acceso. Es válido durante 10 minutos.',
      { code },
      { link, label: 'O abra este enlace para restablecer su código de acceso' },
      shared.es.notYou,
    ],
  ],
})

export const passcodeChangedMail = mail<[]>({
  en: () => [
    'your passcode was changed',
    [
      'Your passcode was just reset, and every device signed in to your account was signed out.',
      shared.en.contactUs,
    ],
  ],
  es: () => [
    'se ha cambiado su código de acceso',
    [
      'Su código de acceso se acaba de restablecer y se ha cerrado la sesión en todos los dispositivos conectados a su cuenta.',
      shared.es.contactUs,
    ],
  ],
})

export const pinResetMail = mail<[link: string]>({
  en: (link) => [
    'reset your transaction PIN',
    [
      'Open this link to choose a new 4-digit transaction PIN. It is valid for 10 minutes.',
      { link, label: 'Reset your PIN' },
      shared.en.notYou,
    ],
  ],
  es: (link) => [
    'restablezca su PIN de operaciones',
    [
      'Abra este enlace para elegir un nuevo PIN de operaciones de 4 dígitos. Es válido durante 10 minutos.',
      { link, label: 'Restablecer su PIN' },
      shared.es.notYou,
    ],
  ],
})

export const pinChangedMail = mail<[]>({
  en: () => [
    'your transaction PIN was changed',
    ['Your transaction PIN was just reset.', shared.en.contactUs],
  ],
  es: () => [
    'se ha cambiado su PIN de operaciones',
    ['Su PIN de operaciones se acaba de restablecer.', shared.es.contactUs],
  ],
})

export const pinCreatedMail = mail<[]>({
  en: () => [
    'your transaction PIN was created',
    [
      'A transaction PIN was just created for your account. You will enter it to confirm transfers.',
      shared.en.contactUs,
    ],
  ],
  es: () => [
    'se ha creado su PIN de operaciones',
    [
      'Se acaba de crear un PIN de operaciones para su cuenta. Lo introducirá para confirmar sus transferencias.',
      shared.es.contactUs,
    ],
  ],
})

export const kycApprovedMail = mail<[]>({
  en: () => [
    'your account is verified',
    [
      'Good news: we have checked your documents and your account is verified.',
      'Log in to start using your account.',
    ],
  ],
  es: () => [
    'su cuenta está verificada',
    [
      'Buenas noticias: hemos revisado sus documentos y su cuenta está verificada.',
      'Inicie sesión para empezar a utilizar su cuenta.',
    ],
  ],
})

/** The reason is the operator's, in their words: it is not translated. */
export const kycDeclinedMail = mail<[reason: string | undefined]>({
  en: (reason) => [
    'please submit your documents again',
    [
      'We could not verify your account with the documents you sent.',
      ...(reason ? [`Reason: ${reason}`] : []),
      'Please log in and submit your details and documents again.',
    ],
  ],
  es: (reason) => [
    'le rogamos que envíe de nuevo sus documentos',
    [
      'No hemos podido verificar su cuenta con los documentos que nos envió.',
      ...(reason ? [`Motivo: ${reason}`] : []),
      'Le rogamos que inicie sesión y envíe de nuevo sus datos y documentos.',
    ],
  ],
})

/**
 * The step-up code names the amount and the payee it authorises (dynamic linking), so the
 * customer sees what they approve. The payee is text the customer typed, but this mail only
 * goes to the account's own verified address, after its own PIN.
 */
export const transferCodeMail = mail<[code: string, transfer: { amount: string; payee: string }]>({
  en: (code, transfer) => [
    'your transfer authorization code',
    [
      `Use this code to authorise your transfer of ${transfer.amount} to ${transfer.payee}. It is valid for 10 minutes and only for this amount and payee.`,
      { code },
      'If you did not start this transfer, do not share the code, and contact us at once.',
    ],
  ],
  es: (code, transfer) => [
    'su código de autorización de transferencia',
    [
      `Utilice este código para autorizar su transferencia de ${wordsIn('es', transfer.amount)} a ${wordsIn('es', transfer.payee)}. Es válido durante 10 minutos y solo para este importe y este beneficiario.`,
      { code },
      'Si usted no ha iniciado esta transferencia, no comparta el código y póngase en contacto con nosotros de inmediato.',
    ],
  ],
})

export const passcodeChangedInSettingsMail = mail<[othersSignedOut: boolean]>({
  en: (othersSignedOut) => [
    'your passcode was changed',
    [
      othersSignedOut
        ? 'Your passcode was just changed in Settings, and every other device signed in to your account was signed out.'
        : 'Your passcode was just changed in Settings.',
      shared.en.contactUs,
    ],
  ],
  es: (othersSignedOut) => [
    'se ha cambiado su código de acceso',
    [
      othersSignedOut
        ? 'Su código de acceso se acaba de cambiar en Ajustes y se ha cerrado la sesión en todos los demás dispositivos conectados a su cuenta.'
        : 'Su código de acceso se acaba de cambiar en Ajustes.',
      shared.es.contactUs,
    ],
  ],
})

export const pinChangedInSettingsMail = mail<[]>({
  en: () => [
    'your transaction PIN was changed',
    ['Your transaction PIN was just changed in Settings.', shared.en.contactUs],
  ],
  es: () => [
    'se ha cambiado su PIN de operaciones',
    ['Su PIN de operaciones se acaba de cambiar en Ajustes.', shared.es.contactUs],
  ],
})

export const emailChangeCodeMail = mail<[code: string]>({
  en: (code) => [
    'confirm your new e-mail address',
    [
      'Use this code in Settings to confirm this address as the new e-mail of your account. It is valid for 10 minutes.',
      { code },
      'If you did not ask for this, you can ignore this e-mail: nothing changes without the code.',
    ],
  ],
  es: (code) => [
    'confirme su nueva dirección de correo electrónico',
    [
      'Utilice este código en Ajustes para confirmar esta dirección como el nuevo correo electrónico de su cuenta. Es válido durante 10 minutos.',
      { code },
      'Si usted no lo ha solicitado, puede ignorar este correo: nada cambia sin el código.',
    ],
  ],
})

/** "dana@meridian.example" as "d***@meridian.example": enough to recognise, not to harvest. */
export const maskedAddress = (address: string) => {
  const [local = '', domain = ''] = address.split('@')
  return `${local.slice(0, 1)}***@${domain}`
}

export const emailChangedMail = mail<[newAddress: string]>({
  en: (newAddress) => [
    'your e-mail address was changed',
    [
      `The e-mail address of your account was just changed to ${maskedAddress(newAddress)}. We will write to that address from now on.`,
      shared.en.contactUs,
    ],
  ],
  es: (newAddress) => [
    'se ha cambiado su dirección de correo electrónico',
    [
      `La dirección de correo electrónico de su cuenta se acaba de cambiar a ${maskedAddress(newAddress)}. A partir de ahora le escribiremos a esa dirección.`,
      shared.es.contactUs,
    ],
  ],
})

/** A mail that is also the customer's notification: its title and its one sentence. */
export type ComposedMail = OutgoingMail & { title: string; summary: string }

/** A mail and notification in each language: subject, title, summary, the blocks after it. */
type Told<A> = Record<
  Language,
  (values: A) => { subject: string; title: string; summary: string; after: Block[] }
>

const toldMail =
  <A>(told: Told<A>) =>
  (to: string, language: Language, values: A): ComposedMail => {
    const { subject, title, summary, after } = told[language](values)
    return { ...compose(to, subject, [summary, ...after], language), title, summary }
  }

/** A transfer as the customer follows it: what left the balance, what the payee received. */
export interface TransferStory {
  sent: string
  received: string
  payee: string
  /** Why the bank failed it, in the operator's words (not translated). */
  reason?: string
}

export const transferSettledMail = toldMail<TransferStory>({
  en: (transfer) => ({
    subject: 'your transfer is complete',
    title: 'Transfer completed',
    summary: `Your transfer of ${transfer.sent} to ${transfer.payee} is complete: the payee received ${transfer.received}.`,
    after: [],
  }),
  es: (transfer) => ({
    subject: 'su transferencia se ha completado',
    title: 'Transferencia completada',
    summary: `Su transferencia de ${wordsIn('es', transfer.sent)} a ${transfer.payee} se ha completado: el beneficiario ha recibido ${wordsIn('es', transfer.received)}.`,
    after: [],
  }),
})

export const transferFailedMail = toldMail<TransferStory>({
  en: (transfer) => ({
    subject: 'your transfer could not be completed',
    title: 'Transfer failed',
    summary: `Your transfer of ${transfer.sent} to ${transfer.payee} could not be completed. Nothing left your account: the ${transfer.sent} held for it, service charge included, is available again.${transfer.reason ? ` Reason: ${transfer.reason}` : ''}`,
    after: ['Contact us if you have any question.'],
  }),
  es: (transfer) => ({
    subject: 'no se ha podido completar su transferencia',
    title: 'Transferencia fallida',
    summary: `No se ha podido completar su transferencia de ${wordsIn('es', transfer.sent)} a ${transfer.payee}. No se ha cargado nada en su cuenta: los ${wordsIn('es', transfer.sent)} retenidos para ella, comisión incluida, vuelven a estar disponibles.${transfer.reason ? ` Motivo: ${transfer.reason}` : ''}`,
    after: ['Póngase en contacto con nosotros si tiene cualquier duda.'],
  }),
})

/** A run of a scheduled transfer that could not be made (docs/decisions/088); the series goes on. */
export const scheduledRunFailedMail = toldMail<{
  sent: string
  payee: string
  day: string
  /** Why, as the run's refusal says it in English; written in Spanish by `wordsIn`. */
  reason: string
  next: string | null
}>({
  en: (run) => ({
    subject: 'a scheduled transfer could not be made',
    title: 'Scheduled transfer not made',
    summary: `Your scheduled transfer of ${run.sent} to ${run.payee} for ${run.day} could not be made: ${run.reason} Nothing left your account.${run.next ? ` The next one is on ${run.next}.` : ' It was the last one.'}`,
    after: ['You can see and change your scheduled transfers on the Send page.'],
  }),
  es: (run) => ({
    subject: 'no se ha podido realizar una transferencia programada',
    title: 'Transferencia programada no realizada',
    summary: `No se ha podido realizar su transferencia programada de ${wordsIn('es', run.sent)} a ${run.payee} del ${run.day}: ${wordsIn('es', run.reason)} No se ha cargado nada en su cuenta.${run.next ? ` La próxima es el ${run.next}.` : ' Era la última.'}`,
    after: ['Puede consultar y modificar sus transferencias programadas en la página Enviar.'],
  }),
})

/** A sign-in's moment as the e-mails write it: "28/11/2026 at 10:05 UTC". */
const momentInUtc = (at: Date, word: string) =>
  `${formatDateOf(at, 'UTC')} ${word} ${at.toISOString().slice(11, 16)} UTC`

/**
 * A sign-in from a device the customer had not used (docs/decisions/080): when, which browser
 * and system (bowser's names, not the User-Agent's text), the address (no database of places
 * is kept), and "This wasn't me", a link that ends every session and starts a passcode reset.
 */
export const newSignInMail = toldMail<{
  at: Date
  device: string
  address: string | null
  link: string
}>({
  en: (signIn) => ({
    subject: 'a new sign-in to your account',
    title: 'New sign-in',
    summary: `Your account was signed in to on a new device, ${signIn.device}, on ${momentInUtc(signIn.at, 'at')}${signIn.address ? ` from the address ${signIn.address}` : ''}.`,
    after: [
      'If this was you, there is nothing to do.',
      { link: signIn.link, label: "This wasn't me: sign out every device and reset my passcode" },
      'The link works once, for 7 days. You can also see and sign out your devices in Settings.',
    ],
  }),
  es: (signIn) => ({
    subject: 'un nuevo inicio de sesión en su cuenta',
    title: 'Nuevo inicio de sesión',
    summary: `Se ha iniciado sesión en su cuenta desde un dispositivo nuevo, ${signIn.device}, el ${momentInUtc(signIn.at, 'a las')}${signIn.address ? ` desde la dirección ${signIn.address}` : ''}.`,
    after: [
      'Si ha sido usted, no tiene que hacer nada.',
      {
        link: signIn.link,
        label:
          'No he sido yo: cerrar la sesión en todos los dispositivos y restablecer mi código de acceso',
      },
      'El enlace funciona una sola vez, durante 7 días. También puede consultar sus dispositivos y cerrar su sesión en ellos en Ajustes.',
    ],
  }),
})
