// What a call needs on the wire, loaded on demand by ./client.ts: the contract's schemas,
// valibot's parser and ofetch.
export { FetchError, ofetch } from 'ofetch'
export { safeParse } from 'valibot'
export { calls } from './contract'
