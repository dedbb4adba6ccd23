import { fromPromise } from 'xstate'
import type { CallResult } from '#api/client'
import type { CallName, CallRequest } from '#api/contract'

/**
 * What every machine leaves to the app, declared once: the server calls it invokes, the
 * effects it names (navigation, client storage) and the spec's shared delays. A machine puts
 * them in its `setup`; the screen provides the real ones with `machine.provide(...)`
 * (src/routes/-components/app-effects.ts for the effects). Stately's extractor reads only the
 * `createMachine({...})` config, where every name stays a string, so declaring them here keeps
 * each machine readable there (docs/decisions/011-how-a-flow-is-written.md).
 */

/** The API call `name`, invoked by a machine; until the app provides it, it throws. */
export function appCall<Name extends CallName, Input = CallRequest<Name>>(name: Name) {
  return fromPromise<CallResult<Name>, Input>(async () => {
    throw new Error(`${name} is provided by the app`)
  })
}

/** A step of the browser's own the app provides (a passkey's answer); until then it throws. */
export function appStep<Output, Input>(name: string) {
  return fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the app`)
  })
}

/** An effect the app provides (a route, a toast), taking `Params`; until then it does nothing. */
export function appEffect<Params = undefined>() {
  return (_args: unknown, _params: Params) => {}
}

type Token = { token: string }

/**
 * The effects every flow shares, one name per destination and per stored key. A machine
 * spreads them into `setup({ actions })`; the app's implementation of each is written once.
 */
export const appEffects = {
  goToLogin: appEffect(),
  /** Login with the idle timeout's notice (docs/decisions/044). */
  goToLoginAfterTimeout: appEffect<{ idleMinutes: number }>(),
  goToDashboard: appEffect(),
  goToVerify: appEffect<{ email: string }>(),
  goToKycForm: appEffect(),
  goToKycUnderReview: appEffect(),
  goToAccountNotice: appEffect(),
  goToAdminArea: appEffect(),
  /** baUid: local storage with Remember me, else the tab's session storage. */
  storeSessionToken: appEffect<Token & { remember: boolean }>(),
  /** tempbaUid, the KYC token. */
  storeKycToken: appEffect<Token>(),
  /** sbaUid, the account-notice token. */
  storeNoticeToken: appEffect<Token>(),
  forgetSessionToken: appEffect(),
  forgetKycToken: appEffect(),
  forgetNoticeToken: appEffect(),
  /** Every stored key (logout). */
  clearStorage: appEffect(),
}

export type AppEffectName = keyof typeof appEffects

/** Spec section 9: a finished step moves on after 5 s (or at once with Continue). */
export const redirectDelay = 5000

/** Logout is best effort: login opens after at most this long without an answer. */
export const logoutWaitLimit = 3000
