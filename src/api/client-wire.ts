// What a call needs on the wire, loaded on demand by ./client.ts: the contract's schemas,
// valibot's parser, the fields' conversion to and from the wire's names, and ofetch.
export { FetchError, ofetch } from 'ofetch'
export { safeParse } from 'valibot'
export { calls } from './contract'
export { fromWire, toWire } from './contract/wire-fields'
