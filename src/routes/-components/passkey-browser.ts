import { startAuthentication, startRegistration } from '@simplewebauthn/browser'

/**
 * The browser's passkeys through @simplewebauthn/browser (docs/decisions/081), for the screens
 * that provide a statechart's passkey step: the answer as the JSON text the server reads. Loaded
 * only by the screens that ask for a passkey, with their own chunks.
 */
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON']
type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON']

/** An assertion (sign-in, a transfer's approval) with the server's options. */
export async function passkeyAssertion(options: object): Promise<string> {
  return JSON.stringify(await startAuthentication({ optionsJSON: options as RequestOptions }))
}

/** A new passkey with the server's creation options. */
export async function passkeyCreation(options: object): Promise<string> {
  return JSON.stringify(await startRegistration({ optionsJSON: options as CreationOptions }))
}
