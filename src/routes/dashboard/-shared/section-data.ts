import { redirect, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { failureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { clientStorage } from '#api/client-storage'
import type { CallName, CallResponse } from '#api/contract'
import { call } from '#api/session-client'
import { loginPath } from '../../-components/route-guard'

/** What a signed-in section's loader gives its screen: the call's data, or why it failed. */
export type SectionData<Name extends CallName> =
  | { status: 'ready'; data: CallResponse<Name> }
  | { status: 'failed'; message: string }

/**
 * A loader's answer as the screen's data. An ended session (401) removes baUid and sends the
 * customer to login from the loader, before any screen shows; any other failure is the
 * screen's to show, with a Retry.
 */
export function sectionData<Name extends CallName>(result: CallResult<Name>): SectionData<Name> {
  if (!result.ok && result.reason === 'unauthorized') {
    clientStorage.remove('baUid')
    throw redirect({ to: loginPath, replace: true })
  }
  return result.ok
    ? { status: 'ready', data: result.data as CallResponse<Name> }
    : { status: 'failed', message: failureMessage(result) }
}

/** A signed-in section's loader: one read-only call with an empty request. */
export async function loadSection<Name extends CallName>(name: Name): Promise<SectionData<Name>> {
  return sectionData<Name>(await call(name, {} as never))
}

/** Loads the current screen's data again (Retry, or after a change on the server). */
export function useReload(): () => void {
  const router = useRouter()
  return useCallback(() => void router.invalidate(), [router])
}
