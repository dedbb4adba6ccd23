import { AsyncLocalStorage } from 'node:async_hooks'

/** What every log line written while serving a request carries, and what its access line says. */
export interface RequestContext {
  requestId: string
  /** The readable name of the API call it made, once the dispatcher has found it. */
  call?: string
}

const requests = new AsyncLocalStorage<RequestContext>()

/** Runs `work` as the serving of one request: log lines written meanwhile name it. */
export const serveWithin = <T>(context: RequestContext, work: () => Promise<T>) =>
  requests.run(context, work)

/** The request being served here, if any. */
export const currentRequest = (): RequestContext | undefined => requests.getStore()

/** Names the call the request being served makes (for its access line and its trace). */
export function nameCall(call: string) {
  const context = requests.getStore()
  if (context) context.call = call
}
