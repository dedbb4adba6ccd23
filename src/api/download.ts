import {
  type ApiClientOptions,
  apiEndpoint,
  type CallResult,
  type FieldValue,
  requestBody,
} from './client'
import type { CallName, CallRequest, CallResponse } from './contract'
import { languageHeaders } from './request-language'

/**
 * The downloads (`statementcsv`, `statementpdf`, `receiptpdf`): the same POST with the token as
 * every call, answered by the file itself. The screen saves the blob under `filename` (see
 * docs/decisions/025-statements-paging-and-downloads.md). Refusals are JSON like any call's.
 */
export type DownloadName = {
  [N in CallName]: CallResponse<N> extends Response ? N : never
}[CallName]

export type DownloadResult =
  | { ok: true; blob: Blob; filename: string }
  | Extract<CallResult<CallName>, { ok: false }>

const filenameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback

export function createDownloader(options: ApiClientOptions) {
  return async <N extends DownloadName>(
    name: N,
    fields: { [K in keyof CallRequest<N>]?: FieldValue },
  ): Promise<DownloadResult> => {
    const body = await requestBody(options, name, fields as Record<string, FieldValue>)
    let response: Response
    try {
      response = await fetch(new URL(apiEndpoint, options.baseURL ?? globalThis.location?.href), {
        method: 'POST',
        headers: languageHeaders(),
        body,
      })
    } catch {
      return { ok: false, reason: 'network' }
    }
    if (response.ok)
      return {
        ok: true,
        blob: await response.blob(),
        filename: filenameOf(response.headers.get('content-disposition'), name),
      }
    if (response.status >= 502 && response.status <= 504) return { ok: false, reason: 'network' }
    const refusal = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message = typeof refusal?.message === 'string' ? refusal.message : undefined
    return { ok: false, reason: response.status === 401 ? 'unauthorized' : 'rejected', message }
  }
}
