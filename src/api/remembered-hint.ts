/**
 * Whether this browser may remember a customer: the server's hint cookie beside a remembered
 * device's HttpOnly cookie (server/rpc/device-cookie.ts, docs/decisions/080). Only then does
 * login ask whom (`mydevice`); the hint names nobody.
 */
export const mayRememberSomeone = () =>
  typeof document !== 'undefined' && /(?:^|;\s*)meridian_remembered=1(?:;|$)/.test(document.cookie)
